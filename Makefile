# Lazer — build, run and test. `make run` and `make test` are the two commands a new user needs.
SHELL := /bin/bash
SWIFT ?= swift
LINT_PATHS := Package.swift Sources Tests Fuzz

.PHONY: bench-tui bench-tui-pure bench-tui-ncurses bench-transport bench-futures bench-explorer
.PHONY: fuzz-json fuzz-jsonpath fuzz-terminal-text bench-json fuzz-import
.PHONY: all deps run build build-release lint test unit e2e test-tsan clean bench-replay bench-import

all: build

## deps: install the Debian packages the build and tests need (only the missing ones).
deps:
	@scripts/install-deps.sh

## build: debug build of everything, tests included (warnings are errors in every target).
build: deps
	$(SWIFT) build --build-tests

## build-release: optimised build of the lazer binary.
build-release: deps
	$(SWIFT) build -c release --product lazer

## run: build release and start lazer.
run: build-release
	.build/release/lazer $(ARGS)

## lint: swift-format in strict mode over all Swift sources, then the module boundaries: a build
## (tests included) that fails when a target imports a package target outside its declared
## dependencies (docs/architecture.md, "Module boundaries").
lint: deps
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error

## unit: the Swift Testing suites (tiers 1–3 that live in Swift). A run normally takes about a
## minute; one still running after UNIT_LIMIT seconds has hung: scripts/hang-guard.sh prints every
## thread's stack, kills it and fails (status 124) instead of stalling CI until its 90-minute limit.
UNIT_LIMIT ?= 1200
unit: build
	scripts/hang-guard.sh $(UNIT_LIMIT) "the unit test process (swift test)" $(SWIFT) test --skip-build

## e2e: the real binary driven in tmux.
e2e: build
	@if compgen -G "Tests/EndToEnd/*.sh" >/dev/null; then Tests/EndToEnd/run-all.sh .build/debug/lazer; fi

## test: everything CI runs.
test: deps lint build unit e2e

## test-tsan: every Swift test under ThreadSanitizer (separate build folder); TSAN_FILTER narrows it.
## Clean since 23 Nov 2026: every contended lock goes through AnnotatedLocks' withLock(ownedBy:).
TSAN_FILTER ?= .
test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'

## bench-futures: what a future costs (release build; prints a Markdown table).
bench-futures:
	$(SWIFT) build -c release --product FuturesBench
	.build/release/FuturesBench

## fuzz-json: libFuzzer + AddressSanitizer over JSONTree (parse, print, re-parse, compare) for SECONDS
## seconds (default 60); RUNS=N stops after N executions. New inputs go to fuzz-out/json-corpus.
SECONDS ?= 60
RUNS ?= -1
JSONTREE_SOURCES := $(wildcard Sources/JSONTree/*.swift Sources/JSONTree/*/*.swift)
FUZZ_SWIFT_FLAGS := -O -parse-as-library -swift-version 6 -enable-upcoming-feature ExistentialAny \
	-enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault
# JSONTree imports TerminalText: built first as a module and an object the fuzzers link.
fuzz-terminal-text:
	@mkdir -p .build/fuzz
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=address -wmo -module-name TerminalText -emit-module \
		-emit-module-path .build/fuzz/TerminalText.swiftmodule -c Sources/TerminalText/*.swift \
		-o .build/fuzz/TerminalText.o
fuzz-json: fuzz-terminal-text
	@mkdir -p .build/fuzz fuzz-out/json-corpus
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=fuzzer,address -module-name JSONFuzz -I .build/fuzz \
		$(JSONTREE_SOURCES) Fuzz/JSONFuzz.swift .build/fuzz/TerminalText.o -o .build/fuzz/fuzz-json
	.build/fuzz/fuzz-json -max_total_time=$(SECONDS) -runs=$(RUNS) -timeout=10 -print_final_stats=1 \
		-artifact_prefix=fuzz-out/ fuzz-out/json-corpus Fuzz/corpus/json

## fuzz-jsonpath: libFuzzer + AddressSanitizer over JSONPath queries (parse, evaluate, normalized
## paths re-parsed) and I-Regexp patterns (compile, match, search; -timeout=10 catches any blow-up).
fuzz-jsonpath: fuzz-terminal-text
	@mkdir -p .build/fuzz fuzz-out/jsonpath-corpus
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=fuzzer,address -module-name JSONPathFuzz -I .build/fuzz \
		$(JSONTREE_SOURCES) Fuzz/JSONPathFuzz.swift .build/fuzz/TerminalText.o -o .build/fuzz/fuzz-jsonpath
	.build/fuzz/fuzz-jsonpath -max_total_time=$(SECONDS) -runs=$(RUNS) -timeout=10 -print_final_stats=1 \
		-artifact_prefix=fuzz-out/ fuzz-out/jsonpath-corpus Fuzz/corpus/jsonpath

## fuzz-import: libFuzzer + AddressSanitizer over the importers, one run per format in
## IMPORT_FORMATS (IMPORT_RUNS executions each, default 1,000,000; -timeout=10 fails a hang). The
## Interop module and its dependencies are built by SwiftPM with the fuzzer's instrumentation into
## .build-fuzz (its own, so the normal build is untouched). Fuzz/ImportFuzz checks that an accepted
## input gives a collection Lazer loads, that importing it again gives the same bytes, and that a
## curl or .http import exported as curl and as .http imports back to as many requests; the http
## run also reads each input as an http-client.env.json, the postman run as a Postman environment.
## Seeds in Fuzz/corpus/import-FORMAT, new inputs and findings in fuzz-out/.
IMPORT_FORMATS ?= curl http postman openapi har
IMPORT_RUNS ?= 1000000
fuzz-import:
	$(SWIFT) build -c release --scratch-path .build-fuzz --product ImportFuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	@for format in $(IMPORT_FORMATS); do \
		mkdir -p fuzz-out/import-$$format-corpus; \
		seeds=Fuzz/corpus/import-$$format; test -d $$seeds || seeds=; \
		echo "== fuzz-import $$format: $(IMPORT_RUNS) runs"; \
		IMPORT_FUZZ_FORMAT=$$format SWIFT_BACKTRACE=enable=no .build-fuzz/release/ImportFuzz \
			-runs=$(IMPORT_RUNS) -timeout=10 -max_len=65536 -print_final_stats=1 \
			-artifact_prefix=fuzz-out/import-$$format- fuzz-out/import-$$format-corpus $$seeds || exit 1; \
	done

## bench-json: release build, the three 40 MB bodies (generated once into bench-out/bodies), JSONTree
## against JSONSerialization and jq, then whole-process `lazer json` vs `jq .` with hyperfine.
bench-json: deps
	@command -v jq >/dev/null && command -v hyperfine >/dev/null || scripts/install-deps.sh --bench
	$(SWIFT) build -c release --product JSONBench
	$(SWIFT) build -c release --product lazer
	@test -f bench-out/bodies/strings.json || python3 scripts/gen-json-bodies.py bench-out/bodies 40
	.build/release/JSONBench bench-out/bodies "$$(command -v jq)"
	hyperfine --warmup 1 --runs 5 --style basic \
		-n 'lazer json api.json' '.build/release/lazer json bench-out/bodies/api.json > /dev/null' \
		-n 'jq . api.json' 'jq . bench-out/bodies/api.json > /dev/null'

## bench-import: whole-process `lazer import` (release) of a generated 200-request Postman collection
## and a 400 KB OpenAPI document (JSON and YAML) with hyperfine, against issue 18's goals (100/200 ms).
bench-import: deps
	@command -v hyperfine >/dev/null || scripts/install-deps.sh --bench
	$(SWIFT) build -c release --product lazer
	scripts/bench-import.sh .build/release/lazer

## bench-tui-ncurses: frames through the real ncurses backend in a 200x60 tmux window (release build).
bench-tui-ncurses: deps
	$(SWIFT) build -c release --product lazer
	scripts/bench-tui-ncurses.sh .build/release/lazer

## bench-tui also measures through ncurses (after the pure half, bench-tui-pure).
bench-tui: bench-tui-pure bench-tui-ncurses

## bench-transport: CurlDispatcher vs the curl CLI and wrk on a loopback nginx (release build; installs nginx, wrk).
bench-transport: deps
	scripts/bench-transport.sh

## bench-explorer: the explorer (release lazer in tmux) against Posting 2.11.1 (from PyPI, into a
## throwaway virtualenv under bench-out/): start-up, send → tree (8 MB, 40 MB, loopback), key → frame,
## memory and idle CPU; results in bench-out/explorer.md. ROUNDS, SEND_ROUNDS, KEYS, SKIP_POSTING=1.
bench-explorer: deps
	$(SWIFT) build -c release --product lazer
	scripts/bench-explorer.sh .build/release/lazer

## bench-replay: in-process replay of 10,000 mock requests with two expectations each (release build).
bench-replay: deps
	$(SWIFT) build -c release --product ReplayBench
	.build/release/ReplayBench

clean:
	rm -rf .build .build-*

## bench-tui-pure: per-frame cost of the TUI toolkit without a terminal (release build).
bench-tui-pure: deps
	$(SWIFT) build -c release --product TUIBench
	.build/release/TUIBench
