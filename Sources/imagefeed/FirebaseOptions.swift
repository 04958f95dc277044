import ArgumentParser
import FeedServer
import Foundation

/// `serve`'s Firebase flags, each with its `IMAGEFEED_FIREBASE_*` variable.
struct FirebaseOptions: ParsableArguments {
    @Option(name: .customLong("firebase-project"), help: "The Firebase project id ID tokens are issued for (IMAGEFEED_FIREBASE_PROJECT; default imagefeed).")
    var project: String?

    @Option(name: .customLong("firebase-bucket"), help: "The Firebase Storage bucket served (IMAGEFEED_FIREBASE_BUCKET; default <project>.appspot.com).")
    var bucket: String?

    @Option(name: .customLong("firebase-admin-token"), help: "Accept `Authorization: Bearer TOKEN` as firebase-admin's admin calls; firebase-admin's emulator mode sends `owner` — use that only on a trusted network (IMAGEFEED_FIREBASE_ADMIN_TOKEN; default: no admin calls).")
    var adminToken: String?

    @Flag(name: .customLong("firebase-admin-anywhere"), help: "Accept the admin token from any address, not only from this machine (IMAGEFEED_FIREBASE_ADMIN_ANYWHERE=1).")
    var adminAnywhere = false

    @Option(name: .customLong("firebase-storage-rules"), help: "A Firebase Storage rules file (IMAGEFEED_FIREBASE_STORAGE_RULES; default: people read and write under <folder>/<their uid>/).")
    var storageRules: String?

    /// Applies the flags, then the variables, to `configuration`; returns the problems found.
    func apply(to configuration: inout Configuration, environment: [String: String]) -> [String] {
        func value(_ flag: String?, _ name: String) -> String? {
            flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        var problems: [String] = []
        var firebase = configuration.firebase
        firebase.projectID = value(project, "IMAGEFEED_FIREBASE_PROJECT") ?? firebase.projectID
        firebase.bucketName = value(bucket, "IMAGEFEED_FIREBASE_BUCKET") ?? firebase.bucketName
        firebase.adminToken = value(adminToken, "IMAGEFEED_FIREBASE_ADMIN_TOKEN") ?? firebase.adminToken
        if adminAnywhere {
            firebase.adminFromAnywhere = true
        } else if let raw = environment["IMAGEFEED_FIREBASE_ADMIN_ANYWHERE"], !raw.isEmpty {
            firebase.adminFromAnywhere = !["0", "false", "off", "no"].contains(raw.lowercased())
        }
        firebase.storageRulesFile = value(storageRules, "IMAGEFEED_FIREBASE_STORAGE_RULES") ?? firebase.storageRulesFile
        if let size = environment["IMAGEFEED_FIREBASE_MAX_UPLOAD"], !size.isEmpty {
            if let bytes = ByteCount.parse(size), bytes > 0 {
                firebase.maxUploadBytes = bytes
            } else {
                problems.append("IMAGEFEED_FIREBASE_MAX_UPLOAD must be a size such as 64MB; got \"\(size)\".")
            }
        }
        configuration.firebase = firebase
        return problems
    }
}
