#include "routing/destination_pass.hpp"

#include <algorithm>

namespace ibatlas {

DestinationPass::DestinationPass(const RouteView& view)
    : view_(view),
      fate_(view.switch_count(), RouteFate::Delivered),
      hops_(view.switch_count(), 0),
      next_(view.switch_count(), kNoSwitch),
      out_(view.switch_count(), 0),
      culprit_(view.switch_count(), kNoSwitch),
      mark_(view.switch_count(), Mark::Unseen) {}

DestinationPass::Step DestinationPass::step(std::uint32_t s, const Destination& d) const {
  Step st;
  st.terminal = true;
  if (d.to_switch && s == d.target) {
    return st;  // arriving at the LID's switch delivers it, whichever port (as ibtracert)
  }
  const std::vector<std::uint8_t>* table = view_.table(s);
  if (table == nullptr) {
    st.fate = RouteFate::NoTable;
    return st;
  }
  if (d.lid >= table->size() || (*table)[d.lid] == ForwardingTable::kNoRoute) {
    st.fate = RouteFate::NoEntry;
    return st;
  }
  st.out = (*table)[d.lid];
  if (st.out > view_.port_count(s) || view_.at(s, st.out).port == kNoPort) {
    st.fate = RouteFate::BadPort;
    return st;
  }
  const SwitchPort& p = view_.at(s, st.out);
  if (st.out == 0) {
    st.fate = RouteFate::WrongNode;  // to the switch itself, which is not the LID's owner
  } else if (p.peer == kNoPort) {
    st.fate = RouteFate::DownPort;
  } else if (p.peer_switch == kNoSwitch) {
    st.fate = p.peer == d.owner ? RouteFate::Delivered : RouteFate::WrongNode;
    st.hops = st.fate == RouteFate::Delivered ? 1 : 0;
  } else {
    st.terminal = false;
    st.next = p.peer_switch;
  }
  return st;
}

void DestinationPass::run(const Destination& d) {
  std::fill(mark_.begin(), mark_.end(), Mark::Unseen);
  cycles_.clear();
  for (std::uint32_t s = 0; s < view_.switch_count(); ++s) {
    if (mark_[s] != Mark::Settled) {
      walk(s, d);
    }
  }
  order_delivered();
}

void DestinationPass::walk(std::uint32_t start, const Destination& d) {
  chain_.clear();
  std::uint32_t x = start;
  while (mark_[x] == Mark::Unseen) {
    mark_[x] = Mark::OnChain;
    chain_.push_back(x);
    Step st = step(x, d);
    out_[x] = st.out;
    next_[x] = st.next;
    if (st.terminal) {
      fate_[x] = st.fate;
      hops_[x] = st.hops;
      culprit_[x] = st.fate == RouteFate::Delivered ? kNoSwitch : x;
      mark_[x] = Mark::Settled;
      chain_.pop_back();
      settle_chain(chain_.size());
      return;
    }
    x = st.next;
  }
  if (mark_[x] == Mark::OnChain) {
    auto at = std::find(chain_.begin(), chain_.end(), x);
    std::size_t from = static_cast<std::size_t>(at - chain_.begin());
    settle_loop(from);
    settle_chain(from);
    return;
  }
  settle_chain(chain_.size());
}

// chain_[0, end) each forward to the next; the one after chain_[end - 1] is settled.
void DestinationPass::settle_chain(std::size_t end) {
  for (std::size_t i = end; i-- > 0;) {
    std::uint32_t c = chain_[i];
    std::uint32_t n = next_[c];
    fate_[c] = fate_[n];
    hops_[c] = hops_[n] + 1;
    culprit_[c] = culprit_[n];
    mark_[c] = Mark::Settled;
  }
}

// chain_[from, size) is a cycle: every member loops, named by its lowest index.
void DestinationPass::settle_loop(std::size_t from) {
  auto first = chain_.begin() + static_cast<std::ptrdiff_t>(from);
  auto lowest = std::min_element(first, chain_.end());
  std::vector<std::uint32_t> cycle(lowest, chain_.end());
  cycle.insert(cycle.end(), first, lowest);
  for (std::uint32_t c : cycle) {
    fate_[c] = RouteFate::Loop;
    hops_[c] = 0;
    culprit_[c] = *lowest;
    mark_[c] = Mark::Settled;
  }
  cycles_.push_back(std::move(cycle));
}

// Counting sort of the delivered switches by hops.
void DestinationPass::order_delivered() {
  max_hops_ = 0;
  std::uint32_t n = view_.switch_count();
  for (std::uint32_t s = 0; s < n; ++s) {
    if (fate_[s] == RouteFate::Delivered) {
      max_hops_ = std::max(max_hops_, hops_[s]);
    }
  }
  bucket_.assign(max_hops_ + 2U, 0);
  for (std::uint32_t s = 0; s < n; ++s) {
    if (fate_[s] == RouteFate::Delivered) {
      ++bucket_[hops_[s] + 1U];
    }
  }
  for (std::size_t h = 1; h < bucket_.size(); ++h) {
    bucket_[h] += bucket_[h - 1];
  }
  order_.resize(bucket_.back());
  for (std::uint32_t s = 0; s < n; ++s) {
    if (fate_[s] == RouteFate::Delivered) {
      order_[bucket_[hops_[s]]++] = s;
    }
  }
}

}  // namespace ibatlas
