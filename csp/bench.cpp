#include "csp/bench.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace csp::bench {
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
  for (std::size_t i = 0; i < counters.size(); ++i) row.counters_mean.emplace_back(counter_names[i], counters[i] / n);
  return row;
}

std::vector<Sample> run(std::size_t n, unsigned threads, const std::function<Sample(unsigned, std::size_t)>& solve,
                        double* wall_seconds, const std::function<void(std::size_t)>& progress) {
  std::vector<Sample> samples(n);
  std::atomic<std::size_t> next{0}, done{0};
  std::exception_ptr error;
  std::mutex error_lock;
  auto worker = [&](unsigned w) {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < n;) {
        const auto t0 = std::chrono::steady_clock::now();
        Sample s = solve(w, i);
        s.micros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        samples[i] = std::move(s);
        const std::size_t d = done.fetch_add(1) + 1;
        if (w == 0 && progress) progress(d);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_lock);
      if (!error) error = std::current_exception();
      next.store(n);
    }
  };
  const double started = now_seconds();
  std::vector<std::thread> pool;
  for (unsigned w = 1; w < std::max(1u, threads); ++w) pool.emplace_back(worker, w);
  worker(0);
  for (std::thread& t : pool) t.join();
  if (wall_seconds != nullptr) *wall_seconds = now_seconds() - started;
  if (error) std::rethrow_exception(error);
  return samples;
}

std::string format_table(std::span<const Row> rows) {
  std::vector<std::vector<std::string>> cells{{"set", "order", "values", "inference", "rules", "puzzles", "solved",
                                              "limit", "nodes mean", "nodes max", "fails mean", "rule firings",
                                              "puzzles/s", "us p50", "us p99"}};
  for (const Row& r : rows) {
    double firings = 0;
    for (const auto& [name, mean] : r.counters_mean)
      if (name.find('.') == std::string::npos) firings += mean;  // "<rule>" counts firings, "<rule>.removals" not
    cells.push_back({r.set, r.config.order, r.config.values, r.config.inference, r.config.rules,
                     std::to_string(r.instances), std::to_string(r.solved), std::to_string(r.limited),
                     fmt::format("{:.1f}", r.nodes_mean), std::to_string(r.nodes_max),
                     fmt::format("{:.1f}", r.failures_mean), fmt::format("{:.1f}", firings),
                     fmt::format("{:.0f}", r.per_second), fmt::format("{:.1f}", r.us_p50),
                     fmt::format("{:.1f}", r.us_p99)});
  }
  std::vector<std::size_t> width(cells[0].size(), 0);
  for (const auto& line : cells)
    for (std::size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  std::string out;
  for (std::size_t l = 0; l < cells.size(); ++l) {
    for (std::size_t i = 0; i < cells[l].size(); ++i) {
      const bool text = i < 5;  // names left-aligned, numbers right-aligned
      out += text ? fmt::format("{:<{}}", cells[l][i], width[i]) : fmt::format("{:>{}}", cells[l][i], width[i]);
      out += i + 1 < cells[l].size() ? "  " : "\n";
    }
  }
  return out;
}

std::string format_csv(std::span<const Row> rows) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) {
      if (c == '"') q += '"';  // a quote is written twice
      q += c;
    }
    q += '"';
    return q;
  };
  std::string out =
      "set,order,values,inference,rules,puzzles,solved,limited,nodes_mean,nodes_max,failures_mean,"
      "propagations_mean,puzzles_per_s,us_p50,us_p99";
  if (!rows.empty())
    for (const auto& [name, mean] : rows.front().counters_mean) {
      out += ',';
      out += quote(name);
    }
  out += "\n";
  for (const Row& r : rows) {
    out += fmt::format("{},{},{},{},{},{},{},{},{:.3f},{},{:.3f},{:.3f},{:.1f},{:.2f},{:.2f}", quote(r.set),
                       quote(r.config.order), quote(r.config.values), quote(r.config.inference), quote(r.config.rules),
                       r.instances, r.solved, r.limited, r.nodes_mean, r.nodes_max, r.failures_mean,
                       r.propagations_mean, r.per_second, r.us_p50, r.us_p99);
    for (const auto& [name, mean] : r.counters_mean) out += fmt::format(",{:.3f}", mean);
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
                    {"file", r.set},
                    {"order", r.config.order},
                    {"values", r.config.values},
                    {"inference", r.config.inference},
                    {"rules", r.config.rules},
                    {"puzzles", r.instances},
                    {"solved", r.solved},
                    {"limited", r.limited},
                    {"nodes_mean", r.nodes_mean},
                    {"nodes_max", r.nodes_max},
                    {"failures_mean", r.failures_mean},
                    {"propagations_mean", r.propagations_mean},
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

}  // namespace csp::bench
