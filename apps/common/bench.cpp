#include "apps/common/bench.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apps/common/thread_pool.hpp"

namespace apps_common::bench {
namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Nearest-rank percentile of sorted values: the smallest value with at least p% at or below it.
double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

}  // namespace

Row summarise(std::string set, Configuration config, std::span<const Sample> samples,
              const std::vector<std::string>& counter_names, double wall_seconds) {
  Row row;
  row.set = std::move(set);
  row.config = std::move(config);
  row.instances = samples.size();
  std::vector<double> micros;
  micros.reserve(samples.size());
  std::vector<double> counters(counter_names.size(), 0.0);
  double nodes = 0, failures = 0, propagations = 0;
  for (const Sample& s : samples) {
    row.solved += s.solved ? 1 : 0;
    row.limited += s.limited ? 1 : 0;
    nodes += static_cast<double>(s.stats.nodes);
    failures += static_cast<double>(s.stats.failures);
    propagations += static_cast<double>(s.stats.propagations);
    row.nodes_max = std::max(row.nodes_max, s.stats.nodes);
    micros.push_back(s.micros);
    for (std::size_t i = 0; i < counters.size() && i < s.stats.counters.size(); ++i)
      counters[i] += static_cast<double>(s.stats.counters[i]);
  }
  const double n = std::max<double>(1, static_cast<double>(samples.size()));
  row.nodes_mean = nodes / n;
  row.failures_mean = failures / n;
  row.propagations_mean = propagations / n;
  row.per_second = wall_seconds > 0 ? static_cast<double>(samples.size()) / wall_seconds : 0;
  std::sort(micros.begin(), micros.end());
  row.us_p50 = percentile(micros, 50);
  row.us_p99 = percentile(micros, 99);
  for (std::size_t i = 0; i < counters.size(); ++i) {
    row.counters_mean.emplace_back(counter_names[i], counters[i] / n);
    if (counter_names[i].find('.') == std::string::npos) row.firings_mean += counters[i] / n;
  }
  return row;
}

Row median_run(std::vector<Row> passes) {
  if (passes.empty()) throw std::invalid_argument("median_run: no passes");
  const auto runs = static_cast<std::uint32_t>(passes.size());
  // Lower middle: of two passes, the slower one (the conservative figure).
  const auto mid = passes.begin() + static_cast<std::ptrdiff_t>((passes.size() - 1) / 2);
  std::nth_element(passes.begin(), mid, passes.end(),
                   [](const Row& a, const Row& b) { return a.per_second < b.per_second; });
  Row row = std::move(*mid);
  row.runs = runs;
  return row;
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::vector<Sample> run(std::size_t n, unsigned threads, const std::function<Sample(unsigned, std::size_t)>& solve,
                        double* wall_seconds, const std::function<void(std::size_t)>& progress) {
  std::vector<Sample> samples(n);
  std::atomic<std::size_t> done{0};
  const double started = now_seconds();
  parallel_for(n, std::max(1u, threads), [&](unsigned w, std::size_t i) {
    const auto t0 = std::chrono::steady_clock::now();
    Sample s = solve(w, i);
    s.micros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    samples[i] = std::move(s);
    const std::size_t d = done.fetch_add(1) + 1;
    if (w == 0 && progress) progress(d);
  });
  if (wall_seconds != nullptr) *wall_seconds = now_seconds() - started;
  return samples;
}

std::string format_table(std::span<const Row> rows) {
  // The invalid and runs columns appear only when they say something, to keep the usual table narrow.
  const bool show_invalid = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.invalid > 0; });
  const bool show_runs = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.runs > 1; });
  std::vector<std::string> header{"set", "order", "values", "inference", "rules", "puzzles", "solved", "limit"};
  if (show_invalid) header.push_back("invalid");
  if (show_runs) header.push_back("runs");
  for (const char* h : {"nodes mean", "nodes max", "fails mean", "rule firings", "puzzles/s", "us p50", "us p99"})
    header.push_back(h);
  std::vector<std::vector<std::string>> cells{header};
  for (const Row& r : rows) {
    std::vector<std::string> line{base_name(r.set), r.config.order, r.config.values, r.config.inference,
                                  r.config.rules, std::to_string(r.instances), std::to_string(r.solved),
                                  std::to_string(r.limited)};
    if (show_invalid) line.push_back(std::to_string(r.invalid));
    if (show_runs) line.push_back(std::to_string(r.runs));
    for (std::string cell : {fmt::format("{:.1f}", r.nodes_mean), std::to_string(r.nodes_max),
                             fmt::format("{:.1f}", r.failures_mean), fmt::format("{:.1f}", r.firings_mean),
                             fmt::format("{:.0f}", r.per_second), fmt::format("{:.1f}", r.us_p50),
                             fmt::format("{:.1f}", r.us_p99)})
      line.push_back(std::move(cell));
    cells.push_back(std::move(line));
  }
  std::vector<std::size_t> width(cells[0].size(), 0);
  for (const auto& line : cells)
    for (std::size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  std::string out;
  for (const auto& line : cells) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      const bool text = i < 5;  // names left-aligned, numbers right-aligned
      out += text ? fmt::format("{:<{}}", line[i], width[i]) : fmt::format("{:>{}}", line[i], width[i]);
      out += i + 1 < line.size() ? "  " : "\n";
    }
  }
  return out;
}

std::string format_csv(std::span<const Row> rows) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) {
      if (c == '"') q += '"';  // a quote is written twice
      q += c;
    }
    q += '"';
    return q;
  };
  // Rows of different rule sets have different counters: one column per name seen in any row, so
  // that every line has as many fields as the header.
  std::vector<std::string> names;
  for (const Row& r : rows)
    for (const auto& [name, mean] : r.counters_mean)
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  std::string out =
      "set,file,order,values,inference,rules,puzzles,solved,limited,invalid,runs,nodes_mean,nodes_max,"
      "failures_mean,propagations_mean,firings_mean,puzzles_per_s,us_p50,us_p99";
  for (const std::string& name : names) {
    out += ',';
    out += quote(name);
  }
  out += "\n";
  for (const Row& r : rows) {
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.3f},{},{:.3f},{:.3f},{:.3f},{:.1f},{:.2f},{:.2f}",
                       quote(r.set), quote(base_name(r.set)), quote(r.config.order), quote(r.config.values),
                       quote(r.config.inference), quote(r.config.rules), r.instances, r.solved, r.limited, r.invalid,
                       r.runs, r.nodes_mean, r.nodes_max, r.failures_mean, r.propagations_mean, r.firings_mean,
                       r.per_second, r.us_p50, r.us_p99);
    for (const std::string& name : names) {
      out += ',';  // empty: this row's configuration has no such counter (not the same as zero firings)
      auto it = std::find_if(r.counters_mean.begin(), r.counters_mean.end(),
                             [&](const auto& c) { return c.first == name; });
      if (it != r.counters_mean.end()) out += fmt::format("{:.3f}", it->second);
    }
    out += "\n";
  }
  return out;
}

std::string format_json(std::span<const Row> rows) {
  nlohmann::json list = nlohmann::json::array();
  for (const Row& r : rows) {
    nlohmann::json counters = nlohmann::json::object();
    for (const auto& [name, mean] : r.counters_mean) counters[name] = mean;
    list.push_back({{"set", r.set},
                    {"file", base_name(r.set)},
                    {"order", r.config.order},
                    {"values", r.config.values},
                    {"inference", r.config.inference},
                    {"rules", r.config.rules},
                    {"puzzles", r.instances},
                    {"solved", r.solved},
                    {"limited", r.limited},
                    {"invalid", r.invalid},
                    {"runs", r.runs},
                    {"nodes_mean", r.nodes_mean},
                    {"nodes_max", r.nodes_max},
                    {"failures_mean", r.failures_mean},
                    {"propagations_mean", r.propagations_mean},
                    {"firings_mean", r.firings_mean},
                    {"puzzles_per_s", r.per_second},
                    {"us_p50", r.us_p50},
                    {"us_p99", r.us_p99},
                    {"counters", counters}});
  }
  return list.dump(2) + "\n";
}

Progress::Progress(std::string label, std::uint64_t total)
    : label_(std::move(label)), total_(total), started_(now_seconds()), tty_(isatty(STDERR_FILENO) == 1) {}

void Progress::update(std::uint64_t done) {
  if (!tty_) return;
  const double t = now_seconds();
  if (t - started_ < 1.0 || t - last_draw_ < 0.1) return;
  last_draw_ = t;
  shown_ = true;
  const double fraction = total_ == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total_);
  const int filled = static_cast<int>(fraction * 30);
  std::fprintf(stderr, "\r%s [%s%s] %llu/%llu", label_.c_str(), std::string(static_cast<std::size_t>(filled), '#').c_str(),
               std::string(static_cast<std::size_t>(30 - filled), '.').c_str(), static_cast<unsigned long long>(done),
               static_cast<unsigned long long>(total_));
  std::fflush(stderr);
}

void Progress::finish() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace apps_common::bench
