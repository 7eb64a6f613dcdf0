// The whole public API of the framework in one include.
#pragma once

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/predicate.hpp"
#include "csp/kernel/domains.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/orders.hpp"
#include "csp/kernel/log.hpp"
#include "csp/kernel/model.hpp"
#include "csp/kernel/propagator.hpp"
#include "csp/search/solver.hpp"
#include "csp/kernel/stats.hpp"
#include "csp/search/subproblem.hpp"
#include "csp/kernel/trace.hpp"
#include "csp/kernel/var.hpp"
