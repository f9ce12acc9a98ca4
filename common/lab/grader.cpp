// The lab grader's report: console, markdown and JSON. See grader.hpp.
#include "common/lab/grader.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include <unistd.h>

// The file lists of this grader build: defined by lab_identity.cpp, which course_add_lab()
// compiles into every lab executable; weak empty defaults for other users (test_lab_grader).
extern "C" {
__attribute__((weak)) const char* course_lab_source_root() { return ""; }
__attribute__((weak)) const char* course_lab_graded_files() { return ""; }
__attribute__((weak)) const char* course_lab_grader_files() { return ""; }
}

namespace course::lab {

namespace {

const char* status_word(Status s) {
  switch (s) {
    case Status::pass: return "pass";
    case Status::fail: return "FAIL";
    case Status::skip: return "skipped";
    default: return "info";
  }
}

std::string json_escape(const std::string& in) {
  std::string out;
  for (char c : in) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string md_escape(const std::string& in) {
  std::string out;
  for (char c : in) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += " ";
    else out += c;
  }
  return out;
}

std::string now_utc() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// SHA-256 (FIPS 180-4), enough to fingerprint the graded files and the grader's own sources.
std::string sha256_hex(const std::string& data) {
  static const std::uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
      0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
      0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
      0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
      0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
      0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  std::uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string m = data;
  const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
  m += static_cast<char>(0x80);
  while (m.size() % 64 != 56) m += '\0';
  for (int i = 7; i >= 0; --i) m += static_cast<char>((bits >> (8 * i)) & 0xff);
  auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  for (std::size_t off = 0; off < m.size(); off += 64) {
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = (std::uint32_t(static_cast<unsigned char>(m[off + 4 * i])) << 24) | (std::uint32_t(static_cast<unsigned char>(m[off + 4 * i + 1])) << 16) |
             (std::uint32_t(static_cast<unsigned char>(m[off + 4 * i + 2])) << 8) | std::uint32_t(static_cast<unsigned char>(m[off + 4 * i + 3]));
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  char out[65];
  for (int i = 0; i < 8; ++i) std::snprintf(out + 8 * i, 9, "%08x", h[i]);
  return std::string(out, 64);
}

std::vector<std::string> split_bars(const std::string& list) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : list) {
    if (c == '|') { if (!cur.empty()) out.push_back(cur); cur.clear(); }
    else cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// path -> SHA-256 of its bytes ("missing" when it cannot be read), paths relative to the course root.
std::vector<std::pair<std::string, std::string>> fingerprint(const std::string& root, const std::string& list) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& rel : split_bars(list)) {
    std::ifstream in(root + "/" + rel, std::ios::binary);
    if (!in) { out.emplace_back(rel, "missing"); continue; }
    std::ostringstream s;
    s << in.rdbuf();
    out.emplace_back(rel, sha256_hex(s.str()));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// One hash for a set of files: SHA-256 of "path sha\n" lines, sorted by path.
std::string combined(const std::vector<std::pair<std::string, std::string>>& files) {
  std::string all;
  for (const auto& [p, h] : files) all += p + " " + h + "\n";
  return sha256_hex(all);
}

std::string read_first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (in) std::getline(in, line);
  return line;
}

// Where the report was made: host name, CPU model, hardware threads (and the GPU, added by finish()).
std::string machine_name() {
  char host[256] = {0};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = 0;
  std::string cpu;
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto at = line.find(':');
      if (at != std::string::npos) cpu = line.substr(line.find_first_not_of(' ', at + 1));
      break;
    }
  if (cpu.empty()) cpu = "unknown CPU";
  return std::string(host[0] ? host : "unknown host") + ": " + cpu + ", " + std::to_string(std::thread::hardware_concurrency()) +
         " hardware threads";
}

[[noreturn]] void usage(const std::string& lab, const std::string& why) {
  std::cerr << "lab " << lab << ": " << why << "\n"
            << "usage: lab_" << lab << "_* [--seed S] [--report-dir DIR] [--impl NAME] [--quick]\n"
            << "(students run it through ./course lab " << lab << ")\n";
  std::exit(exit_usage);
}

}  // namespace

std::string fmt(double v) {
  std::ostringstream s;
  s.precision(4);
  s << v;
  return s.str();
}

Grader::Grader(std::string lab, std::string title, int argc, char** argv, std::string impl)
    : lab_(std::move(lab)), title_(std::move(title)), impl_(std::move(impl)) {
  bool have_seed = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(lab_, a + " needs a value");
      return argv[++i];
    };
    if (a == "--seed") {
      const std::string v = value();
      char* end = nullptr;
      seed_ = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end) usage(lab_, "--seed takes a non-negative integer, got '" + v + "'");
      have_seed = true;
    } else if (a == "--report-dir") {
      report_dir_ = value();
    } else if (a == "--impl") {
      impl_ = value();
    } else if (a == "--quick") {
      quick_ = true;
    } else {
      usage(lab_, "unknown argument '" + a + "'");
    }
  }
  if (!have_seed) {
    std::random_device rd;
    // Small enough to type back: --seed repeats the run exactly.
    seed_ = ((static_cast<std::uint64_t>(rd()) << 32) ^ rd()) % 1000000000ull;
  }
  std::cout << "Lab " << lab_ << ": " << title_ << "\n"
            << "grading: " << impl_ << "   seed: " << seed_ << "   (--seed " << seed_ << " repeats this run)\n\n";
}

std::string Grader::todo(int number) const {
  return "TODO " + std::to_string(number) + (todo_file_.empty() ? "" : " (" + todo_file_ + ")");
}

void Grader::record(Check c) {
  const char* mark = c.status == Status::pass ? "  ok  " : c.status == Status::fail ? " FAIL " : c.status == Status::skip ? " skip " : " info ";
  std::cout << "[" << mark << "] " << c.section << ": " << c.name;
  if (!c.message.empty()) std::cout << "\n         " << c.message;
  if (c.status == Status::fail && !c.todo.empty()) std::cout << "\n         -> look at " << c.todo;
  std::cout << "\n";
  checks_.push_back(std::move(c));
}

void Grader::pass(const std::string& section, const std::string& name, const std::string& message) {
  record({section, name, Status::pass, message, ""});
}
void Grader::fail(const std::string& section, const std::string& name, const std::string& message, const std::string& todo) {
  record({section, name, Status::fail, message, todo});
}
void Grader::skip(const std::string& section, const std::string& name, const std::string& why) {
  record({section, name, Status::skip, why, ""});
}
void Grader::info(const std::string& section, const std::string& name, const std::string& message) {
  record({section, name, Status::info, message, ""});
}

bool Grader::expect(bool ok, const std::string& section, const std::string& name, const std::string& message,
                    const std::string& todo) {
  if (ok) pass(section, name);
  else fail(section, name, message, todo);
  return ok;
}

bool Grader::guard(const std::string& section, const std::string& todo, const std::function<void()>& f) {
  try {
    f();
    return true;
  } catch (const std::exception& e) {
    fail(section, "threw an exception", e.what(), todo);
  }
  return false;
}

std::size_t Grader::failures() const {
  std::size_t n = 0;
  for (const auto& c : checks_) n += c.status == Status::fail;
  return n;
}

bool Grader::section_failed(const std::string& section) const {
  for (const auto& c : checks_)
    if (c.status == Status::fail && c.section == section) return true;
  return false;
}

int Grader::finish() {
  std::size_t passed = 0, failed = 0, skipped = 0;
  const Check* first = nullptr;
  for (const auto& c : checks_) {
    passed += c.status == Status::pass;
    skipped += c.status == Status::skip;
    if (c.status == Status::fail && !failed++) first = &c;
  }
  const bool ok = failed == 0 && passed > 0;
  // The GPU part: "graded" (a device ran it), "skipped" (no device or no CUDA build), "none".
  std::string gpu_part = "none";
  for (const auto& c : checks_)
    if (c.section.rfind("GPU", 0) == 0) {
      if (c.status == Status::pass || c.status == Status::fail || c.name == "device") gpu_part = "graded";
      else if (c.status == Status::skip && gpu_part == "none") gpu_part = "skipped";
    }
  const std::string verdict = ok ? "PASSED" : "NOT PASSED";
  auto count = [](std::size_t n, const char* what) { return std::to_string(n) + " " + what; };
  const std::string tally = count(passed, passed == 1 ? "check passed" : "checks passed") + ", " + count(failed, "failed") + ", " +
                            count(skipped, "skipped");
  std::cout << "\n" << "Lab " << lab_ << " (" << impl_ << "): " << verdict << ": " << tally << " (seed " << seed_ << ")\n";
  if (first) {
    std::cout << "First failure: " << first->section << ": " << first->name << "\n  " << first->message << "\n";
    if (!first->todo.empty()) std::cout << "  Start with " << first->todo << ".\n";
  }
  for (const auto& c : checks_)
    if (c.status == Status::skip) { std::cout << "Skipped parts are not graded here: " << c.section << " (" << c.message << ")\n"; break; }

  if (!report_dir_.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(report_dir_, ec);
    // What a teacher checks (./course class-report): the graded files and the grader's own files,
    // each with its SHA-256, one hash for each set (sources_sha256, grader_version), where the run
    // was made, and a digest of the whole report. See LABS.md for what this does and does not prove.
    const std::string root = course_lab_source_root();
    const auto graded = fingerprint(root, course_lab_graded_files());
    const auto grader = fingerprint(root, course_lab_grader_files());
    const std::string sources_sha = combined(graded), grader_sha = combined(grader);
    std::string course_version = read_first_line(root + "/COURSE_VERSION");
    if (course_version.empty()) course_version = "checkout";
    std::string machine = machine_name();
    for (const auto& c : checks_)
      if (c.section == "GPU" && c.name == "device") machine += "; GPU " + c.message;
    const std::string date = now_utc();
    std::vector<std::pair<std::string, std::string>> metric_text;
    for (const auto& [k, v] : metrics_) metric_text.emplace_back(k, std::isfinite(v) ? fmt(v) : "null");
    // The digest: SHA-256 of the report's content in a fixed order (tools/class_report.py
    // recomputes it), so that a hand-edited report no longer matches.
    std::string canon = "course-lab-report-v1\nlab=" + lab_ + "\nimpl=" + impl_ + "\nseed=" + std::to_string(seed_) +
                        "\npassed=" + (ok ? "true" : "false") + "\nquick=" + (quick_ ? "true" : "false") + "\nmachine=" + machine + "\ndate=" + date +
                        "\ncourse_version=" + course_version + "\n";
    for (const auto& [k, v] : metric_text) canon += "metric " + k + "=" + v + "\n";
    for (const auto& c : checks_) canon += std::string("check ") + status_word(c.status) + "|" + c.section + "|" + c.name + "|" + c.message + "\n";
    for (const auto& [p, h] : graded) canon += "source " + p + "=" + h + "\n";
    for (const auto& [p, h] : grader) canon += "grader " + p + "=" + h + "\n";
    const std::string digest = sha256_hex(canon);

    // The student's report is NN.md; other builds (reference, planted, slow) get NN-<impl>.md.
    const std::string base = report_dir_ + "/" + lab_ + (impl_ == "student" ? "" : "-" + impl_);
    // A copy of the graded files beside the report, so that the hand-in carries what was graded.
    const std::string src_dir = base + ".sources";
    std::filesystem::remove_all(src_dir, ec);
    for (const auto& [p, h] : graded) {
      if (h == "missing") continue;
      const std::filesystem::path to = std::filesystem::path(src_dir) / p;
      std::filesystem::create_directories(to.parent_path(), ec);
      std::filesystem::copy_file(std::filesystem::path(root) / p, to, std::filesystem::copy_options::overwrite_existing, ec);
    }
    std::ofstream md(base + ".md");
    md << "# Lab " << lab_ << ": " << title_ << "\n\n"
       << "- result: **" << verdict << "** (" << passed << " passed, " << failed << " failed, " << skipped << " skipped)\n"
       << "- graded: " << impl_ << "\n- GPU part: " << gpu_part << "\n- seed: " << seed_ << " (`./course lab " << lab_ << " --seed " << seed_ << "` repeats it)\n"
       << "- date: " << date << "\n- machine: " << md_escape(machine) << "\n- graded sources: sha256 " << sources_sha.substr(0, 16)
       << " (copied to " << std::filesystem::path(src_dir).filename().string() << "/)\n- grader version: " << grader_sha.substr(0, 16)
       << " (course " << md_escape(course_version) << ")\n";
    if (first) md << "- first failure: " << first->section << ": " << first->message << (first->todo.empty() ? "" : " (look at " + first->todo + ")") << "\n";
    md << "\n| | section | check | details |\n|---|---|---|---|\n";
    for (const auto& c : checks_)
      md << "| " << status_word(c.status) << " | " << md_escape(c.section) << " | " << md_escape(c.name) << " | "
         << md_escape(c.message) << (c.status == Status::fail && !c.todo.empty() ? " (look at " + md_escape(c.todo) + ")" : "") << " |\n";
    if (!metrics_.empty()) {
      md << "\n| metric | value |\n|---|---|\n";
      for (const auto& [k, v] : metric_text) md << "| " << md_escape(k) << " | " << v << " |\n";
    }
    auto files_json = [](const std::vector<std::pair<std::string, std::string>>& files) {
      std::string out = "{";
      for (std::size_t i = 0; i < files.size(); ++i)
        out += (i ? ", " : "") + std::string("\"") + json_escape(files[i].first) + "\": \"" + files[i].second + "\"";
      return out + "}";
    };
    std::ofstream js(base + ".json");
    js << "{\n  \"lab\": \"" << json_escape(lab_) << "\",\n  \"title\": \"" << json_escape(title_) << "\",\n  \"impl\": \""
       << json_escape(impl_) << "\",\n  \"seed\": " << seed_ << ",\n  \"date\": \"" << date << "\",\n  \"passed\": "
       << (ok ? "true" : "false") << ",\n  \"quick\": " << (quick_ ? "true" : "false") << ",\n  \"gpu_part\": \"" << gpu_part << "\",\n  \"counts\": {\"passed\": " << passed << ", \"failed\": " << failed
       << ", \"skipped\": " << skipped << "},\n  \"machine\": \"" << json_escape(machine) << "\",\n  \"course_version\": \""
       << json_escape(course_version) << "\",\n  \"sources_sha256\": \"" << sources_sha << "\",\n  \"sources\": " << files_json(graded)
       << ",\n  \"grader_version\": \"" << grader_sha << "\",\n  \"grader_files\": " << files_json(grader) << ",\n  \"metrics\": {";
    for (std::size_t i = 0; i < metric_text.size(); ++i)
      js << (i ? ", " : "") << "\"" << json_escape(metric_text[i].first) << "\": " << metric_text[i].second;
    js << "},\n  \"checks\": [\n";
    for (std::size_t i = 0; i < checks_.size(); ++i) {
      const auto& c = checks_[i];
      js << "    {\"section\": \"" << json_escape(c.section) << "\", \"name\": \"" << json_escape(c.name) << "\", \"status\": \""
         << status_word(c.status) << "\", \"message\": \"" << json_escape(c.message) << "\", \"todo\": \"" << json_escape(c.todo)
         << "\"}" << (i + 1 < checks_.size() ? "," : "") << "\n";
    }
    js << "  ],\n  \"digest\": \"" << digest << "\"\n}\n";
    std::cout << "Report: " << base << ".md and " << base << ".json\n";
  }
  return ok ? exit_passed : exit_wrong;
}

}  // namespace course::lab
