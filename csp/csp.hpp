// The whole public API of the framework in one include.
#pragma once

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/predicate.hpp"
#include "csp/domains.hpp"
#include "csp/engine.hpp"
#include "csp/heuristics.hpp"
#include "csp/log.hpp"
#include "csp/model.hpp"
#include "csp/propagator.hpp"
#include "csp/search.hpp"
#include "csp/stats.hpp"
#include "csp/subproblem.hpp"
#include "csp/trace.hpp"
#include "csp/var.hpp"
