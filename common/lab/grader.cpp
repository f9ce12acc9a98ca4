// The lab grader's report: console, markdown and JSON. See grader.hpp.
#include "common/lab/grader.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>

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
  std::cout << "\n" << "Lab " << lab_ << " (" << impl_ << "): " << verdict << ": " << passed << " checks passed, " << failed
            << " failed, " << skipped << " skipped (seed " << seed_ << ")\n";
  if (first) {
    std::cout << "First failure: " << first->section << ": " << first->name << "\n  " << first->message << "\n";
    if (!first->todo.empty()) std::cout << "  Start with " << first->todo << ".\n";
  }
  for (const auto& c : checks_)
    if (c.status == Status::skip) { std::cout << "Skipped parts are not graded here: " << c.section << " (" << c.message << ")\n"; break; }

  if (!report_dir_.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(report_dir_, ec);
    // The student's report is NN.md; other builds (reference, planted, slow) get NN-<impl>.md.
    const std::string base = report_dir_ + "/" + lab_ + (impl_ == "student" ? "" : "-" + impl_);
    std::ofstream md(base + ".md");
    md << "# Lab " << lab_ << ": " << title_ << "\n\n"
       << "- result: **" << verdict << "** (" << passed << " passed, " << failed << " failed, " << skipped << " skipped)\n"
       << "- graded: " << impl_ << "\n- GPU part: " << gpu_part << "\n- seed: " << seed_ << " (`./course lab " << lab_ << " --seed " << seed_ << "` repeats it)\n"
       << "- date: " << now_utc() << "\n";
    if (first) md << "- first failure: " << first->section << ": " << first->message << (first->todo.empty() ? "" : " (look at " + first->todo + ")") << "\n";
    md << "\n| | section | check | details |\n|---|---|---|---|\n";
    for (const auto& c : checks_)
      md << "| " << status_word(c.status) << " | " << md_escape(c.section) << " | " << md_escape(c.name) << " | "
         << md_escape(c.message) << (c.status == Status::fail && !c.todo.empty() ? " (look at " + md_escape(c.todo) + ")" : "") << " |\n";
    if (!metrics_.empty()) {
      md << "\n| metric | value |\n|---|---|\n";
      for (const auto& [k, v] : metrics_) md << "| " << md_escape(k) << " | " << fmt(v) << " |\n";
    }
    std::ofstream js(base + ".json");
    js << "{\n  \"lab\": \"" << json_escape(lab_) << "\",\n  \"title\": \"" << json_escape(title_) << "\",\n  \"impl\": \""
       << json_escape(impl_) << "\",\n  \"seed\": " << seed_ << ",\n  \"date\": \"" << now_utc() << "\",\n  \"passed\": "
       << (ok ? "true" : "false") << ",\n  \"gpu_part\": \"" << gpu_part << "\",\n  \"counts\": {\"passed\": " << passed << ", \"failed\": " << failed
       << ", \"skipped\": " << skipped << "},\n  \"metrics\": {";
    for (std::size_t i = 0; i < metrics_.size(); ++i)
      js << (i ? ", " : "") << "\"" << json_escape(metrics_[i].first) << "\": " << (std::isfinite(metrics_[i].second) ? fmt(metrics_[i].second) : "null");
    js << "},\n  \"checks\": [\n";
    for (std::size_t i = 0; i < checks_.size(); ++i) {
      const auto& c = checks_[i];
      js << "    {\"section\": \"" << json_escape(c.section) << "\", \"name\": \"" << json_escape(c.name) << "\", \"status\": \""
         << status_word(c.status) << "\", \"message\": \"" << json_escape(c.message) << "\", \"todo\": \"" << json_escape(c.todo)
         << "\"}" << (i + 1 < checks_.size() ? "," : "") << "\n";
    }
    js << "  ]\n}\n";
    std::cout << "Report: " << base << ".md and " << base << ".json\n";
  }
  return ok ? exit_passed : exit_wrong;
}

}  // namespace course::lab
