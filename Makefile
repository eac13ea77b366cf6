# DriverPort: the two set-up commands of the README, and the longer jobs kept out of the test run.
SWIFT ?= swift
SHELL := /bin/bash
ORACLE_PYTHON := $(CURDIR)/.build/oracle-venv/bin/python

.PHONY: deps oracles build release demo test example-test integrations-test integrations-bench soak reliability fuzz bench clean

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

# The whole test suite (installs the C libraries and the Python oracles first), then the second app
# (Examples/TodoApp) built and tested as an outside package would be. Serial: on 2 cores Swift's cooperative pool has
# 2 threads, and the long synchronous crash tests would otherwise starve the async ones.
# The log is kept in .build/test.log; the last lines count the tests skipped and say why (a clone without ../shared
# skips the tests that read the real MMEX files; under CI=true their absence is a failure instead).
test: oracles
	@mkdir -p .build
	set -o pipefail; DRIVERPORT_ORACLE_PYTHON=$(ORACLE_PYTHON) $(SWIFT) test --no-parallel 2>&1 | tee .build/test.log
	@.ci/skipped-summary .build/test.log
	$(MAKE) --no-print-directory example-test
	$(MAKE) --no-print-directory integrations-test

# The second app (Examples/TodoApp), built as an outside package builds it: its own package, depending on this
# checkout by path and importing only DriverPort's products. Runs its repository tests and its differential (legacy
# vs queue, legacy vs pool on a small to-do file). It has its own .build: the first run compiles DriverPort again.
example-test: deps
	$(SWIFT) build --package-path Examples/TodoApp --build-tests
	$(SWIFT) test --package-path Examples/TodoApp --skip-build --no-parallel

# The Integrations package as a user outside builds it (DRIVERPORT_THIRD_PARTY=remote: the libraries by URL and
# version), with SwiftPM's mirrors sending the URLs to local repositories made from ../shared/third_party. A fresh
# build in a private scratch folder (about 10 minutes on 2 cores); not part of `make test`.
.PHONY: integrations-remote-check
integrations-remote-check: deps
	.ci/integrations-remote-check

# The adapters over the real SQLite.swift and the real GRDB (Integrations/, a package of its own), built against the
# copies in ../shared/third_party. Skipped with a message when they are absent (a user's clone), except under CI=true,
# where their absence is a failure. Its own .build: the first run compiles DriverPort, GRDB and SQLite.swift.
integrations-test: deps
	@if [ ! -d ../shared/third_party/GRDB.swift ] || [ ! -d ../shared/third_party/SQLite.swift ]; then \
		if [ "$$CI" = "true" ]; then \
			echo "integrations-test: ../shared/third_party is missing; CI needs it beside the repository" >&2; exit 1; \
		fi; \
		echo "integrations-test: skipped: ../shared/third_party is absent (build by URL: see Integrations/README.md)"; \
		exit 0; \
	fi; \
	$(SWIFT) build --package-path Integrations --build-tests && \
	$(SWIFT) test --package-path Integrations --skip-build --no-parallel

# Shadow mode's cost over the real libraries (Integrations/, release build): a real SQLite.swift session alone vs
# shadowed by a real GRDB queue and pool at 1% sampling, alternated round by round; prints the median per-round ratio.
integrations-bench: deps
	DRIVERPORT_SHADOW_BENCH=1 $(SWIFT) test --package-path Integrations -c release --filter ShadowCostBench 2>&1 \
	  | grep -E '^ *(shadow-cost|round)|passed|failed'

# The full benchmark in a release build: prints the table and keeps the run as JSON, from which
# `driverport bench --from .build/bench/bench.json --markdown` renders the tables of BENCHMARKS.md.
bench: release
	@mkdir -p .build/bench
	.build/release/driverport bench --out .build/bench/bench.json

# Every test at soak length (DRIVERPORT_SOAK=1): full fault sweeps, hundreds of crash runs per journal mode, long
# fuzzing. Prints the figures the reliability tests measured (the source of RELIABILITY.md's numbers).
soak: oracles
	@mkdir -p .build
	DRIVERPORT_SOAK=1 DRIVERPORT_ORACLE_PYTHON=$(ORACLE_PYTHON) $(SWIFT) test > .build/soak.log 2>&1; \
	  status=$$?; grep '^figures:' .build/soak.log; tail -3 .build/soak.log; exit $$status

# Only the hostile-input, fault, crash, secrets and fuzz tests, at soak length.
reliability: deps
	@mkdir -p .build
	DRIVERPORT_SOAK=1 $(SWIFT) test --filter ReliabilityTests > .build/reliability.log 2>&1; \
	  status=$$?; grep '^figures:' .build/reliability.log; tail -3 .build/reliability.log; exit $$status

# libFuzzer with AddressSanitizer on a fuzz target (fileOpening or codec), from the seeds and Tests/FuzzCorpus, for
# FUZZ_SECONDS. Crashes are saved as .build/fuzz-artifacts/crash-*; replay one with
# '.build/fuzz/debug/DriverPortFuzz replay --target T FILE'.
FUZZ_TARGET ?= fileOpening
FUZZ_SECONDS ?= 600
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
	-Xlinker --undefined=LLVMFuzzerRunDriver --build-path .build/fuzz
fuzz: deps
	$(SWIFT) build --product DriverPortFuzz $(FUZZ_FLAGS)
	@mkdir -p .build/fuzz-corpus/$(FUZZ_TARGET) .build/fuzz-artifacts
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/debug/DriverPortFuzz seeds .build/fuzz-corpus/$(FUZZ_TARGET) --target $(FUZZ_TARGET)
	ASAN_OPTIONS=detect_leaks=0 DRIVERPORT_FUZZ_TARGET=$(FUZZ_TARGET) .build/fuzz/debug/DriverPortFuzz \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=1048576 -rss_limit_mb=4096 -print_final_stats=1 \
	  -artifact_prefix=.build/fuzz-artifacts/ .build/fuzz-corpus/$(FUZZ_TARGET) 2>&1 | tee .build/fuzz-$(FUZZ_TARGET).log \
	  | grep -E '^(#[0-9]+ +(INITED|DONE)|Done|stat::|==[0-9]+==|VIOLATION)'

# The DocC documentation of every library product as static HTML in .build/docs/PRODUCT/, with .build/docs/index.html
# linking them (the toolchain's docc; symbol graphs from swift symbolgraph-extract on the debug build).
.PHONY: docs
docs: deps
	@.ci/build-docs

# ThreadSanitizer over the suites that run work on several threads or tasks at once: the reader/writer driver (queue,
# pool, async access, and its concurrency soak at TSAN_SOAK_ITERATIONS), the MMEX sessions on every driver (with
# the policy timing tests' concurrent reads), the fixture cache, the shadow session. Its own build path, so the
# normal build stays; stops at the first report (halt_on_error=1); the log is .build/tsan.log.
.PHONY: tsan
TSAN_FILTER ?= ReaderWriterDriverTests|MMEXSessionTests|FixtureCacheTests|SessionEngineTests|SharedConnectionTests|ShadowSessionTests
TSAN_SOAK_ITERATIONS ?= 2000
tsan: deps
	@mkdir -p .build
	DRIVERPORT_SOAK=1 DRIVERPORT_SOAK_ITERATIONS=$(TSAN_SOAK_ITERATIONS) DRIVERPORT_SESSION_TIMING=1 \
	  TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --build-path .build/tsan --no-parallel \
	  --filter '$(TSAN_FILTER)' > .build/tsan.log 2>&1; \
	  status=$$?; grep -E 'ThreadSanitizer|Test run with|tests? in .* passed|failed' .build/tsan.log | tail -5; exit $$status

# The planted-bug run (issue 18): records every statement the MMEX repositories issue on each driver while the
# standard differential runs on Fixtures/mmex-200.mmb, plants each change (comparison operators, AND/OR, ORDER BY
# direction, COLLATE and DISTINCT removed, LIMIT/OFFSET + 1, JOIN kind) into one driver at a time, and checks the
# slice's scenarios report it. Fails on a surviving change not listed in Tests/MutationTesting/EquivalentMutants.swift; writes the kill-rate
# table into MIGRATION.md (between the mutants markers). Progress in .build/mutants/progress.log.
# MUTANT_SHARDS=n splits the mutants over n test processes side by side (each records the same run, plants every
# n-th mutant) and merges their verdicts before the checks and the table.
.PHONY: mutants
MUTANT_SHARDS ?= 1
mutants: deps
	@mkdir -p .build/mutants
	@rm -f .build/mutants/shard-*.json
	$(SWIFT) build --build-tests > .build/mutants/build.log 2>&1 || { tail -20 .build/mutants/build.log; exit 1; }
	@bin="$$($(SWIFT) build --show-bin-path)/DriverPortPackageTests.xctest"; pids=""; \
	  for i in $$(seq 0 $$(($(MUTANT_SHARDS) - 1))); do \
	    DRIVERPORT_MUTANTS=1 DRIVERPORT_MUTANT_SHARD=$$i/$(MUTANT_SHARDS) "$$bin" --no-parallel --filter PlantedMutantTests \
	      --testing-library swift-testing > .build/mutants/run-$$i.log 2>&1 & pids="$$pids $$!"; \
	  done; failed=0; for pid in $$pids; do wait $$pid || failed=1; done; \
	  DRIVERPORT_MUTANTS_MERGE=$(MUTANT_SHARDS) "$$bin" --no-parallel --filter PlantedMutantTests \
	    --testing-library swift-testing > .build/mutants/run.log 2>&1; \
	  status=$$?; [ $$failed -eq 0 ] || status=1; grep -hE '^mutant: survived|^recorded|Test run with|failed' .build/mutants/run-*.log .build/mutants/run.log | tail -40; \
	  if [ $$status -eq 0 ]; then \
	    awk -v table=.build/mutants/kill-rates.md '/<!-- mutants:begin -->/ { print; while ((getline line < table) > 0) print line; skip = 1; next } \
	      /<!-- mutants:end -->/ { skip = 0 } !skip' MIGRATION.md > .build/mutants/MIGRATION.md && cp .build/mutants/MIGRATION.md MIGRATION.md; \
	    cat .build/mutants/kill-rates.md; fi; exit $$status

# RELIABILITY.md's loaded runs: `make test` RUNS times in a row with two `yes > /dev/null` loops beside it (about
# 10-15 minutes a run on 2 cores). One line per run in .build/loaded-runs/summary.log.
.PHONY: loaded-runs
RUNS ?= 10
loaded-runs: deps
	.ci/loaded-runs $(RUNS)

clean:
	rm -rf .build
