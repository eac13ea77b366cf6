# DriverPort: the two set-up commands of the README, and the longer jobs kept out of the test run.
SWIFT ?= swift
ORACLE_PYTHON := $(CURDIR)/.build/oracle-venv/bin/python
DEMO_DIR := .build/demo

.PHONY: deps oracles build release demo test soak bench clean

deps:
	@.ci/install-deps

oracles:
	@.ci/install-deps --oracles

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The main job on the embedded default: create a sample MMEX file and inspect it.
demo: release
	@rm -rf $(DEMO_DIR) && mkdir -p $(DEMO_DIR)
	.build/release/driverport create $(DEMO_DIR)/sample.mmb --sample
	.build/release/driverport inspect $(DEMO_DIR)/sample.mmb

# The whole test suite (installs the C libraries and the Python oracles first).
test: oracles
	DRIVERPORT_ORACLE_PYTHON=$(ORACLE_PYTHON) $(SWIFT) test

# The full benchmark in a release build: prints the table and keeps the run as JSON, from which
# `driverport bench --from .build/bench/bench.json --markdown` renders the tables of BENCHMARKS.md.
bench: release
	@mkdir -p .build/bench
	.build/release/driverport bench --out .build/bench/bench.json

clean:
	rm -rf .build
