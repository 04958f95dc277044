# A package, so that this folder's conftest is imported as `cluster.conftest` and never replaces e2e/conftest.py as
# the `conftest` module the OAuth suite's tests import from when pytest collects all of e2e/.
