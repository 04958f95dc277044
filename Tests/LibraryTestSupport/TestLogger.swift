import Logging

/// A quiet logger for the servers, stores and importers under test.
public let testLogger: Logger = {
    var logger = Logger(label: "imagefeed.tests.server")
    logger.logLevel = .critical
    return logger
}()
