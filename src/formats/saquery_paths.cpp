// saquery -p reader. Strict like the other readers of tool output: a capture that went wrong
// (an RMPP reply cut short, an error message in the middle) must not become SLs silently.

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/saquery.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::uint64_t kLastUnicastLid = 0xBFFF;
constexpr std::string_view kHeader = "PathRecord dump:";

// One "name....value" line of a block: `name` before the run of dots, `value` after it.
struct Field {
  std::string_view name;
  std::string_view value;
};

std::optional<Field> split_field(std::string_view line) {
  std::size_t dots = line.find("..");
  if (dots == 0 || dots == std::string_view::npos) {
    return std::nullopt;
  }
  std::size_t value = line.find_first_not_of('.', dots);
  if (value == std::string_view::npos) {
    return std::nullopt;
  }
  Field f{line.substr(0, dots), line.substr(value)};
  for (char ch : f.name) {
    if (!text::all_alnum(std::string_view(&ch, 1)) && ch != '_') {
      return std::nullopt;
    }
  }
  return f;
}

class PathReader {
 public:
  explicit PathReader(std::string_view name) : name_(name) {}

  void line(std::string_view raw, std::size_t number);

  std::vector<PathSlRecord> finish(std::size_t last_line) &&;

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& expected,
                         const std::string& found) const {
    throw ParseError(std::string(name_), line, expected, found);
  }

  void field(const Field& f, std::size_t number);
  void close_block(std::size_t number);

  std::string_view name_;
  bool in_block_ = false;
  std::size_t block_line_ = 0;
  std::optional<std::uint64_t> slid_, dlid_, sl_;
  std::vector<PathSlRecord> records_;
  std::map<std::pair<Lid, Lid>, std::size_t> index_;  // (slid, dlid) -> records_ index
};

void PathReader::line(std::string_view raw, std::size_t number) {
  std::string_view line = text::trim(raw);
  if (line.empty()) {
    return;
  }
  if (line == kHeader) {
    close_block(number);
    in_block_ = true;
    block_line_ = number;
    return;
  }
  std::optional<Field> f = split_field(line);
  if (!in_block_ || !f) {
    fail(number, in_block_ ? "a \"name....value\" field of the PathRecord" : "\"PathRecord dump:\"",
         quote_found(line));
  }
  field(*f, number);
}

void PathReader::field(const Field& f, std::size_t number) {
  std::optional<std::uint64_t>* slot = f.name == "slid"   ? &slid_
                                       : f.name == "dlid" ? &dlid_
                                       : f.name == "sl"   ? &sl_
                                                          : nullptr;
  if (slot == nullptr) {
    return;  // the other fields (gids, mtu, rate, ...) are not kept
  }
  if (slot->has_value()) {
    fail(number, "one " + std::string(f.name) + " per PathRecord", "a second one");
  }
  std::optional<std::uint64_t> value = text::parse_c_number(f.value);
  bool is_sl = f.name == "sl";
  if (!value || (is_sl && *value > 15) || (!is_sl && (*value == 0 || *value > kLastUnicastLid))) {
    fail(number,
         is_sl
             ? std::string("an SL from 0 to 15")
             : std::string(f.name) + " a unicast LID (1 to 0xBFFF; 0 comes from a cut-short reply)",
         quote_found(f.value));
  }
  *slot = value;
}

void PathReader::close_block(std::size_t number) {
  if (!in_block_) {
    return;
  }
  for (auto [name, value] :
       {std::pair{"slid", &slid_}, std::pair{"dlid", &dlid_}, std::pair{"sl", &sl_}}) {
    if (!value->has_value()) {
      fail(number,
           std::string("a ") + name + " field in the PathRecord of line " +
               std::to_string(block_line_),
           "none");
    }
  }
  PathSlRecord r{static_cast<Lid>(*slid_), static_cast<Lid>(*dlid_),
                 static_cast<std::uint8_t>(*sl_), block_line_};
  auto [it, added] = index_.try_emplace(std::pair(r.source, r.destination), records_.size());
  if (!added && records_[it->second].sl != r.sl) {
    const PathSlRecord& first = records_[it->second];
    fail(r.line,
         "SL " + std::to_string(first.sl) + " for slid " + std::to_string(r.source) + " dlid " +
             std::to_string(r.destination) + ", as line " + std::to_string(first.line) + " says",
         "SL " + std::to_string(r.sl));
  }
  if (added) {
    records_.push_back(r);
  }
  slid_.reset();
  dlid_.reset();
  sl_.reset();
  in_block_ = false;
}

std::vector<PathSlRecord> PathReader::finish(std::size_t last_line) && {
  close_block(last_line);
  if (records_.empty()) {
    fail(last_line, "saquery -p output (\"PathRecord dump:\" blocks)", "no PathRecord");
  }
  return std::move(records_);
}

}  // namespace

std::vector<PathSlRecord> read_saquery_paths(std::string_view text, std::string_view name) {
  PathReader reader(name);
  std::size_t number = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view raw = text.substr(0, end);
    reader.line(raw, ++number);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  return std::move(reader).finish(std::max<std::size_t>(number, 1));
}

std::vector<std::pair<Lid, Lid>> path_sl_pairs(const Fabric& fabric) {
  std::vector<Lid> all;
  std::vector<Lid> sources;
  for (const Port& p : fabric.ports()) {
    if (!p.base_lid || *p.base_lid == 0 || *p.base_lid > kLastUnicastLid) {
      continue;
    }
    all.push_back(*p.base_lid);
    if (fabric.node(p.node).type != NodeType::Switch && p.peer) {
      sources.push_back(*p.base_lid);
    }
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  std::vector<std::pair<Lid, Lid>> pairs;
  pairs.reserve(sources.size() * all.size());
  for (Lid s : sources) {
    for (Lid d : all) {
      if (d != s) {
        pairs.emplace_back(s, d);
      }
    }
  }
  return pairs;
}

Fabric with_path_sls(const Fabric& fabric, const std::vector<PathSlRecord>& records) {
  std::map<Lid, std::vector<std::uint8_t>> rows;
  for (const PathSlRecord& r : records) {
    std::vector<std::uint8_t>& row = rows[r.source];
    if (row.size() <= r.destination) {
      row.resize(std::size_t{r.destination} + 1, PathSlRow::kUnknown);
    }
    row[r.destination] = r.sl;
  }
  FabricBuilder builder = from_fabric(fabric);
  for (const PathSlRow& old : fabric.path_sls()) {
    builder.set_path_sls(old.source, {});  // replaced: an empty row is dropped at build
  }
  for (auto& [source, sl] : rows) {
    builder.set_path_sls(source, std::move(sl));
  }
  return std::move(builder).build();
}

}  // namespace ibatlas
