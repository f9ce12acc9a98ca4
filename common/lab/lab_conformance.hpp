// The labs' use of the shared conformance suite (common/conformance.hpp): the suite with the
// grader's seed, each of its failures recorded as a check that points at a TODO.
#pragma once

#include <string>

#include "common/conformance.hpp"
#include "common/lab/grader.hpp"

namespace course::lab {

// Runs the suite on `fn` for T with the grader's seed; up to `shown` failures are listed.
// `prefix` "GPU " files a device run under "GPU conformance (float)".
template <class T>
bool run_conformance(Grader& g, const std::string& what, conformance::TransformFn<T> fn, conformance::Config cfg,
                     const std::string& todo, std::size_t shown = 3, const std::string& prefix = "") {
  cfg.seed = g.seed() * 2 + (sizeof(T) == 8 ? 1 : 0);
  const std::string section = prefix + "conformance (" + precision_name<T>() + ")";
  conformance::Report r;
  try {
    r = conformance::check_conformance<T>(std::move(fn), cfg);
  } catch (const std::exception& e) {
    g.fail(section, what, std::string("threw: ") + e.what(), todo);
    return false;
  }
  if (r.passed()) {
    g.pass(section, what, std::to_string(r.checks) + " checks: reference, round trip, linearity, Parseval, impulse, shift" +
                              (cfg.batch > 1 ? ", batched" : "") + (cfg.refused.empty() ? "" : ", refused sizes"));
    return true;
  }
  // A run that throws or leaves outputs unwritten fails before its comparisons are counted, so
  // failures may outnumber r.checks: say "of N" only where it is a true share.
  const std::size_t nf = r.failures.size();
  std::string msg = std::to_string(nf) + (nf <= r.checks ? " of " + std::to_string(r.checks) : std::string()) +
                    (nf == 1 && r.checks <= 1 ? " check failed" : " checks failed");
  for (std::size_t i = 0; i < r.failures.size() && i < shown; ++i) msg += "\n           " + r.failures[i];
  g.fail(section, what, msg, todo);
  return false;
}

}  // namespace course::lab
