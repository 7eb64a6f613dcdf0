# The two commands of the README's Quick start, and their parts.
#   make run    install what is missing, build Release, solve the bundled puzzles
#   make test   install what is missing, build Release, run every test
#   make build  install what is missing and build
# Variables: BUILD (build folder, default build), WERROR=ON (warnings are errors, as in CI).

BUILD ?= build
WERROR ?= OFF
PACKAGES := cmake ninja-build g++ libboost-dev libboost-graph-dev libboost-container-dev catch2 \
            libspdlog-dev libcli11-dev nlohmann-json3-dev
APT_OPTS := -y -q -o DPkg::Lock::Timeout=600

.PHONY: setup build run test clean

setup:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q -o DPkg::Lock::Timeout=600 && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install $(APT_OPTS) $$missing; \
	fi

build: setup
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DCSP_WERROR=$(WERROR)
	cmake --build $(BUILD)

run: build
	./$(BUILD)/bin/sudoku solve --stats data/puzzles.txt

test: build
	cd $(BUILD) && ctest --output-on-failure -j 2

clean:
	rm -rf $(BUILD)
