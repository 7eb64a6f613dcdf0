# The two commands of the README's Quick start, and their parts.
#   make run    install what is missing, build the commands (Release), solve the bundled puzzles
#   make test   install what is missing, build Release, run every test (the rule tests built
#               without SIMD among them); then the reliability checks: the whole suite under
#               AddressSanitizer + UndefinedBehaviorSanitizer, each fuzzer for TEST_FUZZ_SECONDS
#               (from the same build), and the threaded paths under ThreadSanitizer
#   make build  install what is missing and build everything (the commands and the tests)
#   make install  build, then install the library (headers, libcsp.a, CMake package, csp.pc), the
#               MiniZinc solver (fzn-csp, PREFIX/share/minizinc/{csp,solvers/csp.msc}) and the Python
#               package fdcsp (PREFIX/lib/python3.X/dist-packages/fdcsp, for /usr/bin/python3) under
#               PREFIX (default /usr/local; DESTDIR is honoured) — see tests/consumer/ for its use
# The reliability checks one at a time:
#   make asan   in $(BUILD)-asan, clang with -fsanitize=address,undefined and libFuzzer's coverage
#               instrumentation: the library, commands, tests and fuzzers; all of ctest (the fuzzers'
#               corpora replayed among it)
#   make fuzz   the fuzzers of that build (tests/fuzz), their corpus replayed, then each run for
#               FUZZ_SECONDS (default 300) — see tests/fuzz/README.md
#   make tsan   in $(BUILD)-tsan, the sudoku, csp and fzn-csp commands and bench_threads with
#               -fsanitize=thread; ctest -L threads
#   make nosimd the rule tests linked with the singles built without SIMD (csp_rule_tests_nosimd,
#               the plain loops that replace SSE2 elsewhere), in $(BUILD); `make test` runs them as
#               the ctest rules.nosimd
# Variables: BUILD (build folder, default build), WERROR=ON (warnings are errors, as in CI), UNITY,
# CLANGXX (the clang used by the sanitizer and fuzz builds), FUZZ_SECONDS, TEST_FUZZ_SECONDS.

BUILD ?= build
WERROR ?= OFF
CLANGXX ?= clang++-14
PREFIX ?= /usr/local
FUZZ_SECONDS ?= 300
TEST_FUZZ_SECONDS ?= 15
# Unity builds (CMakeLists.txt, CSP_UNITY_BUILD): sources compiled in batches of 8, the libraries
# too in the sanitizer builds; UNITY=OFF compiles every file on its own.
UNITY ?= ON
# clang-14 and libclang-rt-14-dev: the sanitizer runtimes and libFuzzer; time: /usr/bin/time -v
# measures peak memory in tests/cli/reliability_input.sh; pybind11-dev and python3-dev: the Python
# package fdcsp (apps/python/), built for Debian's /usr/bin/python3.
PACKAGES := cmake ninja-build g++ libboost-dev libboost-graph-dev libboost-container-dev catch2 \
            libspdlog-dev libcli11-dev nlohmann-json3-dev clang-14 libclang-rt-14-dev time \
            libcpp-httplib-dev pkg-config pybind11-dev python3-dev
# Only `make test` installs these: the browser test of `sudoku serve` (tests/browser) drives
# Debian's chromium with playwright-core, which `npm ci` puts in tests/browser/node_modules; minizinc and
# flatzinc (Gecode) run tests/minizinc, our FlatZinc solver against Gecode; parallel (GNU parallel)
# runs the scale-out tests (tests/cli/scale_*.sh, docs/scale-out.md) on this one host; python3-yaml (for Debian's
# /usr/bin/python3) reads the YAML headers of MiniZinc's own test suite (tests/minizinc/spec/run_spec.py);
# python3-pytest runs the tests of the Python package (tests/python/); python3-matplotlib draws the plot of
# docs/python.md, whose blocks tests/python/test_docs.py runs.
TEST_PACKAGES := chromium minizinc flatzinc parallel python3-yaml python3-pytest python3-matplotlib
test: EXTRA_PACKAGES := $(TEST_PACKAGES)
APT_OPTS := -y -q -o DPkg::Lock::Timeout=600
# Sanitizer reports end the program with a status no command uses (1 means "not all solved"), so
# that the tests that accept 0 or 1 still see them.
SAN_ENV := ASAN_OPTIONS=exitcode=86:detect_leaks=1:abort_on_error=0 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87 \
           TSAN_OPTIONS=halt_on_error=1:exitcode=88:second_deadlock_stack=1
# Line tables are all a sanitizer report needs (file:line in its stack traces); full debug info
# made every sanitizer build about 30% slower to compile (clang 14, apps/sudoku/solve.cpp: 41 s of
# CPU with -g, 29 s with -gline-tables-only).
SAN_CMAKE := -G Ninja -DCMAKE_CXX_COMPILER=$(CLANGXX) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCSP_WERROR=$(WERROR) \
             -DCSP_UNITY_BUILD=$(UNITY) \
             "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only"

.PHONY: setup configure build run install test clean asan asan-configure tsan nosimd fuzz-build fuzz

setup:
	@missing=""; \
	for p in $(PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q -o DPkg::Lock::Timeout=600 && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install $(APT_OPTS) $$missing; \
	fi

# The commands in $(BUILD)/bin, and the MiniZinc solver library beside fzn-csp's csp.msc
# (cmake/minizinc.cmake): what `make run` builds, without the test programs.
COMMANDS := sudoku csp fzn-csp sudoku-serve minizinc_library

configure: setup
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DCSP_WERROR=$(WERROR) -DCSP_UNITY_BUILD=$(UNITY)

build: configure
	cmake --build $(BUILD)

run: configure
	cmake --build $(BUILD) --target $(COMMANDS)
	./$(BUILD)/bin/sudoku solve --summary data/puzzles.txt

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# Each stage prints how long it took, so that the cost of `make test` stays visible in CI logs; the
# build is `make build`'s, done here so that its time is printed too. The fuzzers run from the
# ASan+UBSan build (CSP_FUZZ=ON there): a fuzz build of its own compiled the library a fourth time,
# about 740 s of CPU; the suite there pays 1.1-1.2x for the fuzzers' edge coverage (CMakeLists.txt).
test: configure
	@start=$$(date +%s); cmake --build $(BUILD) && echo "== build: $$(( $$(date +%s) - start )) s"
	@if [ -x /usr/bin/chromium ] && command -v npm > /dev/null && \
	  [ ! -f tests/browser/node_modules/playwright-core/package.json ]; then \
	  cd tests/browser && npm ci --no-audit --no-fund --loglevel=error; fi
	@start=$$(date +%s); cd $(BUILD) && ctest --output-on-failure -j 2 && \
	  echo "== tests: $$(( $$(date +%s) - start )) s"
	@start=$$(date +%s); $(MAKE) --no-print-directory asan && echo "== asan: $$(( $$(date +%s) - start )) s"
	@start=$$(date +%s); tests/fuzz/run.sh $(BUILD)-asan $(TEST_FUZZ_SECONDS) && \
	  echo "== fuzz: $$(( $$(date +%s) - start )) s"
	@start=$$(date +%s); $(MAKE) --no-print-directory tsan && echo "== tsan: $$(( $$(date +%s) - start )) s"

asan-configure: setup
	cmake -S . -B $(BUILD)-asan $(SAN_CMAKE) -DCSP_SANITIZE=address,undefined -DCSP_FUZZ=ON

asan: asan-configure
	cmake --build $(BUILD)-asan -j 2
	cd $(BUILD)-asan && $(SAN_ENV) ctest --output-on-failure -j 2

tsan: setup
	cmake -S . -B $(BUILD)-tsan $(SAN_CMAKE) -DCSP_SANITIZE=thread
	cmake --build $(BUILD)-tsan -j 2 --target sudoku bench_threads csp fzn-csp
	cd $(BUILD)-tsan && $(SAN_ENV) ctest --output-on-failure -L threads

nosimd: configure
	cmake --build $(BUILD) --target csp_rule_tests_nosimd
	cd $(BUILD) && ctest --output-on-failure -R '^rules\.nosimd$$'

fuzz-build: asan-configure
	cmake --build $(BUILD)-asan -j 2 --target fuzzers
	cd $(BUILD)-asan && $(SAN_ENV) ctest --output-on-failure -j 2 -L fuzz

fuzz: fuzz-build
	tests/fuzz/run.sh $(BUILD)-asan $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD) $(BUILD)-asan $(BUILD)-tsan
