#include "ibatlas/render/cabling_matrix.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "ibatlas/plan_match.hpp"  // the matrix reads plan names as check --plan does
#include "ibatlas/render/style.hpp"

#include "text.hpp"

namespace ibatlas {

std::string to_string(CellState state) {
  const char* const names[] = {"as expected", "degraded", "missing", "extra"};
  return names[static_cast<std::size_t>(state)];
}

namespace {

constexpr std::size_t kNone = ~std::size_t{0};
constexpr std::size_t kCableLines = 12;  // a tooltip lists this many cables, then counts

// A width and a speed, as far as known; ordered, so that rates can be counted in a map.
using Rate = std::pair<std::optional<LinkWidth>, std::optional<LinkSpeed>>;

// The most frequent value; on a tie the smallest (deterministic). Empty: Key{}.
template <typename Key>
Key mode(const std::vector<Key>& values) {
  std::map<Key, std::size_t> counts;
  for (const Key& v : values) {
    ++counts[v];
  }
  auto best = std::max_element(counts.begin(), counts.end(),
                               [](const auto& x, const auto& y) { return x.second < y.second; });
  return best == counts.end() ? Key{} : best->first;
}

Rate majority_rate(const Fabric& fabric, const std::vector<PortId>& cables) {
  std::vector<Rate> rates;
  rates.reserve(cables.size());
  for (PortId c : cables) {
    rates.emplace_back(fabric.port(c).width_active, fabric.port(c).speed_active);
  }
  return mode(rates);
}

std::string cables_text(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " cable" : " cables");
}

struct Box {
  NodeId unit;
  std::string name;
  std::size_t group = kNone;  // index into MapGroups::groups
  std::string group_name;
};

struct Expectation {
  std::size_t count = 0;
  Rate rate;
};

struct Pair {
  std::vector<PortId> cables;  // each cable by its end on the row's box
  Expectation expected;
  std::vector<std::string> findings;
  Highlight highlight = Highlight::None;
};

using Cell = std::pair<std::size_t, std::size_t>;   // row, column
using Range = std::pair<std::size_t, std::size_t>;  // [first, second) of rows or columns

// One matrix in the making: the boxes of tier t (rows) and of tier t + 1 (columns).
struct Layer {
  std::vector<Box> rows;
  std::vector<Box> columns;
  std::map<Cell, Pair> pairs;  // row-major
};

struct Builder {
  const Fabric& fabric;
  const Tiers& tiers;
  const MapGroups& groups;
  std::vector<std::size_t> box_of;  // per NodeId of a unit: its row or column
  std::vector<Layer> layers;        // layers[t - 1]: tier t × tier t + 1
};

// Twin names get GUIDs (firmware default descriptions); then group and natural name order.
void order(Builder& b, std::vector<Box>& boxes) {
  std::map<std::string, std::size_t> names;
  for (const Box& box : boxes) {
    ++names[box.name];
  }
  for (Box& box : boxes) {
    box.name += names[box.name] > 1 ? " " + text::guid_text(b.fabric.node(box.unit).guid) : "";
  }
  std::sort(boxes.begin(), boxes.end(), [](const Box& x, const Box& y) {
    return x.group != y.group ? x.group < y.group
                              : (x.name != y.name ? natural_less(x.name, y.name) : x.unit < y.unit);
  });
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    b.box_of[boxes[i].unit.value] = i;
  }
}

// Switch boxes (a chassis is one) per tier, in group order, then natural order of names.
std::vector<std::vector<Box>> boxes_by_tier(Builder& b) {
  std::map<std::uint32_t, std::vector<NodeId>> units;  // unit -> its switches
  for (const Node& n : b.fabric.nodes()) {
    if (NodeId id = b.fabric.id_of(n); n.type == NodeType::Switch && b.tiers.of(id)) {
      units[b.tiers.unit_of(id).value].push_back(id);
    }
  }
  std::vector<std::vector<Box>> by_tier(static_cast<std::size_t>(b.tiers.top) + 1);
  for (const auto& [unit, chips] : units) {
    std::string name = chips.size() > 1 ? chassis_name(b.fabric, chips)
                                        : display_name(b.fabric.node(NodeId{unit}));
    std::size_t group = b.groups.group_of.at(unit).value_or(kNone);
    by_tier.at(static_cast<std::size_t>(*b.tiers.of(NodeId{unit})))
        .push_back(
            Box{NodeId{unit}, name, group, group == kNone ? "" : b.groups.groups[group].name});
  }
  for (std::vector<Box>& boxes : by_tier) {
    order(b, boxes);
  }
  return by_tier;
}

// The pair of boxes of adjacent tiers a cable x-y joins (added when `add`), or nullptr.
Pair* pair_of(Builder& b, NodeId x, NodeId y, bool add) {
  std::optional<int> tx = b.tiers.of(x);
  std::optional<int> ty = b.tiers.of(y);
  if (b.fabric.node(x).type != NodeType::Switch || b.fabric.node(y).type != NodeType::Switch ||
      !tx || !ty || b.tiers.unit_of(x) == b.tiers.unit_of(y) || (*tx - *ty) * (*tx - *ty) != 1) {
    return nullptr;
  }
  std::size_t bx = b.box_of[b.tiers.unit_of(x).value];
  std::size_t by = b.box_of[b.tiers.unit_of(y).value];
  Layer& layer = b.layers[static_cast<std::size_t>(std::min(*tx, *ty) - 1)];
  Cell cell = *tx < *ty ? Cell{bx, by} : Cell{by, bx};
  auto it = layer.pairs.find(cell);
  return it != layer.pairs.end() ? &it->second : (add ? &layer.pairs[cell] : nullptr);
}

Builder make_builder(const Fabric& fabric, const Tiers& tiers, const MapGroups& groups) {
  Builder b{fabric, tiers, groups, std::vector<std::size_t>(fabric.nodes().size(), kNone), {}};
  std::vector<std::vector<Box>> by_tier = boxes_by_tier(b);
  for (std::size_t t = 1; t + 1 < by_tier.size(); ++t) {
    b.layers.push_back(Layer{std::move(by_tier[t]), by_tier[t + 1], {}});
  }
  for (PortId link : fabric.links()) {
    PortId peer = *fabric.port(link).peer;
    NodeId x = fabric.node_of(link);
    NodeId y = fabric.node_of(peer);
    if (Pair* p = pair_of(b, x, y, true)) {
      p->cables.push_back(tiers.of(x) < tiers.of(y) ? link : peer);  // the row's end
    }
  }
  return b;
}

std::string plan_note(std::size_t n, const std::string& what) {
  return n == 0 ? ""
                : "; " + std::to_string(n) +
                      (n == 1 ? " planned cable names " : " planned cables name ") + what;
}

// Expected counts and rates from the plan's cables between switch boxes of adjacent tiers.
std::string expect_plan(Builder& b, const CablingPlan& plan) {
  NameResolver resolver(b.fabric, nullptr);
  std::size_t unknown = 0;
  std::size_t ambiguous = 0;
  for (const MatchedCable& m : match_plan(b.fabric, plan, resolver)) {
    ambiguous += m.ambiguous() ? 1 : 0;
    unknown += !m.ambiguous() && (!m.a.node || !m.b.node) ? 1 : 0;
    if (Pair* p = m.a.node && m.b.node ? pair_of(b, *m.a.node, *m.b.node, true) : nullptr) {
      p->expected.rate =
          p->expected.count++ == 0 ? Rate{m.plan->width, m.plan->speed} : p->expected.rate;
    }
  }
  return "the plan " + plan.source + plan_note(unknown, "nodes not in the fabric") +
         plan_note(ambiguous, "a node ambiguously (not counted)");
}

// Calls f(cell, pair) for each pair of the block that has cables (or an expectation).
template <typename F>
void for_pairs(Layer& layer, Range rows, Range columns, F f) {
  for (std::size_t r = rows.first; r < rows.second; ++r) {
    auto it = layer.pairs.lower_bound(Cell{r, columns.first});
    for (; it != layer.pairs.end() && it->first < Cell{r, columns.second}; ++it) {
      f(it->first, it->second);
    }
  }
}

// A block mostly without cables expects none when most rows or columns have none. Else it is
// a sparse pattern (aggregation switches cabled to their planes of cores): a pair whose row
// and column have more cabled pairs than most is extra; a row short of k pairs, with exactly
// k uncabled short columns, has those k pairs missing.
void expect_sparse(Layer& layer, Range rows, Range columns, const Expectation& typical) {
  std::vector<std::size_t> per_row(rows.second - rows.first);
  std::vector<std::size_t> per_column(columns.second - columns.first);
  for_pairs(layer, rows, columns, [&](const Cell& at, const Pair&) {
    ++per_row[at.first - rows.first];
    ++per_column[at.second - columns.first];
  });
  std::size_t row_norm = mode(per_row);
  std::size_t column_norm = mode(per_column);
  if (row_norm == 0 || column_norm == 0) {
    return;
  }
  for_pairs(layer, rows, columns, [&](const Cell& at, Pair& p) {
    if (per_row[at.first - rows.first] <= row_norm ||
        per_column[at.second - columns.first] <= column_norm) {
      p.expected = typical;
    }
  });
  for (std::size_t r = rows.first; r < rows.second; ++r) {
    std::size_t has = per_row[r - rows.first];
    std::vector<std::size_t> open;
    for (std::size_t c = columns.first; c < columns.second && has < row_norm; ++c) {
      if (per_column[c - columns.first] < column_norm && !layer.pairs.contains(Cell{r, c})) {
        open.push_back(c);
      }
    }
    for (std::size_t c : open.size() == row_norm - has ? open : std::vector<std::size_t>{}) {
      layer.pairs[Cell{r, c}].expected = typical;
    }
  }
}

// Cabled pairs expect the count and rate most have; a mostly cabled block expects every pair.
void expect_block(const Fabric& fabric, Layer& layer, Range rows, Range columns) {
  std::vector<std::size_t> counts;
  std::vector<Rate> rates;
  for_pairs(layer, rows, columns, [&](const Cell&, const Pair& p) {
    counts.push_back(p.cables.size());
    rates.push_back(majority_rate(fabric, p.cables));
  });
  Expectation typical{mode(counts), mode(rates)};
  if (counts.size() * 2 <= (rows.second - rows.first) * (columns.second - columns.first)) {
    expect_sparse(layer, rows, columns, typical);
    return;
  }
  for (std::size_t r = rows.first; r < rows.second; ++r) {
    for (std::size_t c = columns.first; c < columns.second; ++c) {
      layer.pairs[Cell{r, c}].expected = typical;
    }
  }
}

std::vector<Range> group_runs(const std::vector<Box>& boxes) {
  std::vector<Range> runs;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (runs.empty() || boxes[i].group != boxes[runs.back().first].group) {
      runs.emplace_back(i, i);
    }
    runs.back().second = i + 1;
  }
  return runs;
}

std::string expect_majority(Builder& b) {
  for (Layer& layer : b.layers) {
    for (Range rows : group_runs(layer.rows)) {
      for (Range columns : group_runs(layer.columns)) {
        expect_block(b.fabric, layer, rows, columns);
      }
    }
  }
  return "the majority of each pod × group block";
}

// A finding at a port marks the pair its cable joins; at a port without a cable, the pair
// with the node it names as the peer (plan.missing names both ends of the absent cable).
void mark(Builder& b, const Finding& f) {
  const Location& at = f.location;
  bool at_port = (at.kind == LocationKind::Port || at.kind == LocationKind::Link) &&
                 at.here.node_guid && at.here.port;
  std::optional<NodeId> node = at_port ? b.fabric.find_node(*at.here.node_guid) : std::nullopt;
  std::optional<PortId> port = node ? b.fabric.find_port(*node, *at.here.port) : std::nullopt;
  std::optional<PortId> far = port ? b.fabric.port(*port).peer : std::nullopt;
  std::optional<NodeId> peer = node && at.peer && at.peer->node_guid
                                   ? b.fabric.find_node(*at.peer->node_guid)
                                   : std::nullopt;
  peer = far ? b.fabric.node_of(*far) : peer;
  if (Pair* pair = peer ? pair_of(b, *node, *peer, false) : nullptr) {
    pair->findings.push_back(to_string(f.severity) + " " + f.check + ": " + f.message);
    Highlight h = f.severity == Severity::Error ? Highlight::Error : Highlight::Warning;
    pair->highlight = std::max(pair->highlight, f.severity == Severity::Info ? Highlight::None : h);
  }
}

// "leaf01 port 19 — spine02 port 1, 4xHDR", the row's end first; a chassis chip with its
// place in the chassis from its description ("ib-core1/L05/U1 port 3").
std::string cable_line(const Builder& b, PortId row_end) {
  auto end = [&b](const Port& p) {
    bool chip = b.tiers.is_chassis(p.node);
    std::string name = display_name(b.fabric.node(p.node));
    const std::string& d = b.fabric.node(p.node).description;
    std::string place = chip ? d.substr(std::min(d.find('/'), d.size())) : "";
    return (name.ends_with(place) ? name : name + place) + " port " + std::to_string(p.number);
  };
  const Port& a = b.fabric.port(row_end);
  std::string line = end(a) + " — " + end(b.fabric.port(*a.peer));
  std::string rate = rate_text(a.width_active, a.speed_active);
  return rate.empty() ? line : line + ", " + rate;
}

CellState state_of(const Fabric& fabric, const Pair& p) {
  if (p.cables.empty() || p.expected.count == 0) {
    return p.cables.empty() ? CellState::Missing : CellState::Extra;
  }
  const Rate& want = p.expected.rate;  // a cable slower or narrower, as far as both are known
  bool slow = std::any_of(p.cables.begin(), p.cables.end(), [&](PortId c) {
    const Port& x = fabric.port(c);
    return (x.width_active && want.first && lanes(*x.width_active) < lanes(*want.first)) ||
           (x.speed_active && want.second &&
            lane_rate_gbps(*x.speed_active) < lane_rate_gbps(*want.second));
  });
  if (slow || p.cables.size() < p.expected.count) {
    return CellState::Degraded;
  }
  return p.cables.size() > p.expected.count ? CellState::Extra : CellState::Expected;
}

MatrixCell cell_of(const Builder& b, const Layer& layer, const Cell& at, const Pair& p) {
  MatrixCell cell{at.first, at.second, p.cables.size(),       p.expected.count,
                  {},       {},        state_of(b.fabric, p), p.highlight};
  if (!p.cables.empty()) {
    std::tie(cell.width, cell.speed) = majority_rate(b.fabric, p.cables);
  }
  std::string head = layer.rows[at.first].name + " × " + layer.columns[at.second].name + ": " +
                     (p.expected.count > 0
                          ? std::to_string(p.cables.size()) + " of " + cables_text(p.expected.count)
                          : cables_text(p.cables.size()) + ", none expected");
  std::string rate = rate_text(cell.width, cell.speed);
  std::string expected_rate = rate_text(p.expected.rate.first, p.expected.rate.second);
  std::string state = to_string(cell.state);
  if (cell.state != CellState::Expected && p.expected.count > 0) {
    state += ": expected " + cables_text(p.expected.count) +
             (expected_rate.empty() ? "" : " at " + expected_rate);
  }
  cell.tooltip = {rate.empty() ? head : head + ", " + rate, state};
  for (std::size_t i = 0; i < p.cables.size() && i < kCableLines; ++i) {
    cell.tooltip.push_back(cable_line(b, p.cables[i]));
  }
  if (p.cables.size() > kCableLines) {
    cell.tooltip.push_back("… and " + cables_text(p.cables.size() - kCableLines) + " more");
  }
  cell.tooltip.insert(cell.tooltip.end(), p.findings.begin(), p.findings.end());
  return cell;
}

std::vector<CablingMatrix> finish(const Builder& b, const std::string& expectation) {
  std::vector<CablingMatrix> matrices;
  for (std::size_t t = 0; t < b.layers.size(); ++t) {
    const Layer& layer = b.layers[t];
    CablingMatrix m;
    m.title = tier_name(static_cast<int>(t) + 1) + " × " + tier_name(static_cast<int>(t) + 2);
    m.expectation = expectation;
    for (const Box& box : layer.rows) {
      m.rows.push_back(box.name);
      m.row_groups.push_back(box.group_name);
    }
    for (const Box& box : layer.columns) {
      m.columns.push_back(box.name);
      m.column_groups.push_back(box.group_name);
    }
    for (const auto& entry : layer.pairs) {
      m.cells.push_back(cell_of(b, layer, entry.first, entry.second));
    }
    matrices.push_back(std::move(m));
  }
  return matrices;
}

}  // namespace

std::vector<CablingMatrix> build_cabling_matrices(const Fabric& fabric, const Tiers& tiers,
                                                  const MapGroups& groups,
                                                  std::span<const Finding> findings,
                                                  const CablingPlan* plan) {
  if (tiers.top < 2) {
    return {};
  }
  Builder b = make_builder(fabric, tiers, groups);
  std::string expectation = plan ? expect_plan(b, *plan) : expect_majority(b);
  for (const Finding& f : findings) {
    mark(b, f);
  }
  return finish(b, expectation);
}

}  // namespace ibatlas
