// --load-cache FILE: infiniband-diags' way (ibnetdiscover, iblinkinfo, ibqueryerrors) to work
// on an `ibnetdiscover --cache` file instead of scanning, here a spelling of the SOURCE that
// takes nothing but such a file.

#include <algorithm>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/formats/node_name_map.hpp"
#include "ibatlas/input_file.hpp"

#include "source.hpp"

namespace ibatlas::cli {

namespace {

// What a file given to --load-cache is instead of a cache, for the message.
std::string what_it_is(std::string_view bytes) {
  InputFormat format = detect_format(bytes);
  if (format != InputFormat::Unknown) {
    return "a file in the " + to_string(format) + " format (give it as the SOURCE instead)";
  }
  std::string_view first = bytes.substr(0, std::min<std::size_t>(bytes.find('\n'), 40));
  return bytes.empty() ? std::string("an empty file") : quote_found(first);
}

}  // namespace

void add_load_cache_option(CLI::App& cmd, CLI::Option& source, SourceOptions& options) {
  CLI::Option* target = &source;
  // Fills SOURCE while parsing, as --live does, before CLI11 checks that SOURCE was given.
  cmd.add_option_function<std::string>(
         "--load-cache",
         [target, &options](const std::string& path) {
           if (target->count() > 0) {
             throw CLI::ValidationError("--load-cache",
                                        "FILE is the SOURCE: give a SOURCE or --load-cache "
                                        "FILE, not both");
           }
           target->add_result(path);
           options.load_cache = true;
         },
         "The SOURCE is this ibnetdiscover --cache file (as infiniband-diags' --load-cache); "
         "any other file is an error")
      ->type_name("FILE")
      ->trigger_on_parse();
}

ReadResult load_cache_source(const std::string& path, const SourceOptions& options) {
  std::string bytes = read_file(path);
  if (!looks_like_ibnd_cache(bytes)) {
    throw Error(path + ": --load-cache expects an ibnetdiscover --cache file, found " +
                what_it_is(bytes));
  }
  ReadResult result = load_ibnd_cache_file(bytes, path);
  if (!options.node_name_map.empty()) {
    NodeNameMap map = read_node_name_map(read_file(options.node_name_map), options.node_name_map);
    result.fabric = apply_node_name_map(result.fabric, map);
  }
  return result;
}

}  // namespace ibatlas::cli
