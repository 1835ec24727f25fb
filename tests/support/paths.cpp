// paths.hpp is header-only; this file keeps the support library non-empty.
#include "support/paths.hpp"
