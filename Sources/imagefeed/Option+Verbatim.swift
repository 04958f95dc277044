import ArgumentParser

// Options that take a key, a secret, a password or an id take the next word whatever it looks like: the app's keys
// and ids are base64url, so one in 64 begins with a dash, which ArgumentParser would otherwise read as the next
// option ("Missing value for '--access-key'"). Every such option is declared with `verbatim:` so none can forget it.
extension Option {
    /// A required option whose value is taken verbatim, even when it begins with a dash.
    init(verbatim name: NameSpecification = .long, help: ArgumentHelp? = nil) where Value: ExpressibleByArgument {
        self.init(name: name, parsing: .unconditional, help: help)
    }

    /// An optional option whose value is taken verbatim, even when it begins with a dash.
    init<T: ExpressibleByArgument>(verbatim name: NameSpecification = .long, help: ArgumentHelp? = nil)
    where Value == T? {
        self.init(name: name, parsing: .unconditional, help: help)
    }

    /// A repeatable option each of whose values is taken verbatim, even when it begins with a dash.
    init<T: ExpressibleByArgument>(
        wrappedValue: [T], verbatim name: NameSpecification = .long, help: ArgumentHelp? = nil
    ) where Value == [T] {
        self.init(wrappedValue: wrappedValue, name: name, parsing: .unconditionalSingleValue, help: help)
    }
}
