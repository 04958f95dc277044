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

.PHONY: help run test deps-run deps-test build-release demo bench clean

help:
	@echo "make run    build, import the demo library once, serve http://$(HOST):$(PORT)/"
	@echo "make test   everything CI runs: Swift tests on SQLite, a throwaway PostgreSQL and S3-compatible server (moto),"
	@echo "           the end-to-end and browser tests, then two nodes behind nginx (scripts/cluster-test.sh)"
	@echo "make bench  benchmarks against vipsthumbnail, ImageMagick and nginx (see bench/RESULTS.md)"

run: deps-run build-release demo
	.build/release/imagefeed serve --data $(DATA) --host $(HOST) --port $(PORT)

build-release:
	swift build -c release --product imagefeed

# Importing is idempotent (files are de-duplicated by sha256), so a second `make run` only re-checks the files.
demo:
	.build/release/imagefeed import $(DEMO) --collection-per-folder --user mate --data $(DATA)

test: deps-test
	swift build $(SWIFT_TEST_FLAGS) --build-tests
	scripts/test-postgres.sh scripts/test-s3.sh swift test $(SWIFT_TEST_FLAGS) --skip-build
	scripts/check-feedkit.sh
	scripts/check-library.sh && scripts/check-format.sh
	scripts/e2e.sh
	scripts/cluster-test.sh

bench: 
	scripts/install-packages.sh $(BENCH_PACKAGES)
	bench/run.sh

deps-run:
	@scripts/install-packages.sh $(RUN_PACKAGES)

deps-test:
	@scripts/install-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
