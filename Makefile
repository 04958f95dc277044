# ImageFeed — the whole set-up on a fresh Debian machine is `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

DATA ?= ./data
PORT ?= 8080
HOST ?= 127.0.0.1
DEMO ?= /usr/share/backgrounds/mate
SWIFT_TEST_FLAGS ?= --traits PostgreSQL
RUN_PACKAGES := libvips-dev zlib1g-dev pkg-config mate-backgrounds
TEST_PACKAGES := libvips-dev zlib1g-dev pkg-config postgresql chromium mate-backgrounds python3-venv nginx fonts-nanum
BENCH_PACKAGES := libvips-dev libvips-tools imagemagick nginx wrk postgresql
STAGE := scripts/test-stage.py

.PHONY: help run test deps-run deps-test build-release demo bench clean

help:
	@echo "make run    build, import the demo library once, serve http://$(HOST):$(PORT)/"
	@echo "make test   everything CI runs: Swift tests on SQLite, a throwaway PostgreSQL and S3-compatible server (moto),"
	@echo "           the end-to-end and browser tests, then two nodes behind nginx (scripts/cluster-test.sh); every stage"
	@echo "           runs, and the end says what each did"
	@echo "make bench  benchmarks against vipsthumbnail, ImageMagick and nginx (see bench/RESULTS.md)"

run: deps-run build-release demo
	.build/release/imagefeed serve --data $(DATA) --host $(HOST) --port $(PORT)

build-release:
	swift build -c release --product imagefeed

# Importing is idempotent (files are de-duplicated by sha256), so a second `make run` only re-checks the files.
demo:
	.build/release/imagefeed import $(DEMO) --collection-per-folder --user mate --data $(DATA)

# One line per stage: `$(STAGE) NAME COMMAND…` runs COMMAND even when an earlier stage failed; `$(STAGE) end` checks
# that nothing was left behind in /tmp or running, prints a line per stage and `N passed, N failed`, and fails if any
# stage did. TEST_STAGES="e2e web" runs only those stages; TEST_FAIL_STAGE=web makes one fail on purpose.
test: deps-test
	@$(STAGE) begin
	@$(STAGE) build swift build $(SWIFT_TEST_FLAGS) --build-tests
	@$(STAGE) swift scripts/test-postgres.sh scripts/test-s3.sh swift test $(SWIFT_TEST_FLAGS) --skip-build
	@$(STAGE) feedkit scripts/check-feedkit.sh
	@$(STAGE) library scripts/check-library.sh
	@$(STAGE) format scripts/check-format.sh
	@$(STAGE) e2e scripts/e2e.sh e2e
	@$(STAGE) web scripts/e2e.sh web
	@$(STAGE) cluster scripts/cluster-test.sh
	@$(STAGE) end

bench: 
	scripts/install-packages.sh $(BENCH_PACKAGES)
	bench/run.sh

deps-run:
	@scripts/install-packages.sh $(RUN_PACKAGES)

deps-test:
	@scripts/install-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
