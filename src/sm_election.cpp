#include "ibatlas/sm_election.hpp"

namespace ibatlas {

bool outranks(const SubnetManager& a, const SubnetManager& b) {
  return a.priority > b.priority || (a.priority == b.priority && a.guid < b.guid);
}

std::optional<SubnetManager> master_of(std::span<const SubnetManager> sms) {
  std::optional<SubnetManager> best;
  for (const SubnetManager& sm : sms) {
    if (sm.state == SmState::Master && (!best || outranks(sm, *best))) {
      best = sm;
    }
  }
  return best;
}

}  // namespace ibatlas
