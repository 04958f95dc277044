/// The one test server harness (``withTestServer(_:library:nodes:transport:configure:clock:_:)``), over what tests of
/// the library use without a server: fixtures, test databases and buckets, the fixture library. Re-exported, so a
/// test of the server imports one module; the library's own tests import `LibraryTestSupport` alone, and build no
/// HTTP server.
@_exported import LibraryTestSupport
