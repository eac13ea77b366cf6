# DriverPort: the two set-up commands of the README, and the longer jobs kept out of the test run.
SWIFT ?= swift
ORACLE_PYTHON := $(CURDIR)/.build/oracle-venv/bin/python

.PHONY: deps oracles build release demo test soak bench clean

deps:
	@.ci/install-deps

oracles:
	@.ci/install-deps --oracles

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The main job on the embedded default: the differential comparison of every ported repository slice (legacy vs
# queue, legacy vs pool) on the committed fixture, then on its AES-128 copy. The fixtures' passphrase is public by
# design (Fixtures/README.md); it reaches driverport through the environment, never the command line.
demo: export DP_FIXTURE_KEY = driverport-fixture-key
demo: release
	.build/release/driverport diff Fixtures/mmex-200.mmb
	.build/release/driverport diff Fixtures/mmex-200-aes128.emb --key-env DP_FIXTURE_KEY --operations 250

# The whole test suite (installs the C libraries and the Python oracles first). Serial: on 2 cores Swift's
# cooperative pool has 2 threads, and the long synchronous crash tests would otherwise starve the async ones.
test: oracles
	DRIVERPORT_ORACLE_PYTHON=$(ORACLE_PYTHON) $(SWIFT) test --no-parallel

# The full benchmark in a release build: prints the table and keeps the run as JSON, from which
# `driverport bench --from .build/bench/bench.json --markdown` renders the tables of BENCHMARKS.md.
bench: release
	@mkdir -p .build/bench
	.build/release/driverport bench --out .build/bench/bench.json

clean:
	rm -rf .build
