# Lazer — build, run and test. `make run` and `make test` are the two commands a new user needs.
SHELL := /bin/bash
SWIFT ?= swift
LINT_PATHS := Package.swift Sources Tests

.PHONY: all deps run build build-release lint test unit e2e test-tsan bench-futures clean

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

## lint: swift-format in strict mode over all Swift sources.
lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

## unit: the Swift Testing suites (tiers 1–3 that live in Swift).
unit: build
	$(SWIFT) test --skip-build

## e2e: the real binary driven in tmux.
e2e: build
	@if compgen -G "Tests/EndToEnd/*.sh" >/dev/null; then Tests/EndToEnd/run-all.sh .build/debug/lazer; fi

## test: everything CI runs.
test: deps lint build unit e2e

## test-tsan: the futures stress tests under ThreadSanitizer (separate build folder).
test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter Stress

## bench-futures: what a future costs (release build; prints a Markdown table).
bench-futures:
	$(SWIFT) build -c release --product FuturesBench
	.build/release/FuturesBench

clean:
	rm -rf .build .build-*
