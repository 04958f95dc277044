import ArgumentParser
import FeedLibrary
import Foundation

/// `serve`'s Firebase flags, each with its `IMAGEFEED_FIREBASE_*` variable.
struct FirebaseOptions: ParsableArguments {
    @Option(
        name: .customLong("firebase-project"),
        help: "The Firebase project id ID tokens are issued for (IMAGEFEED_FIREBASE_PROJECT; default imagefeed).")
    var project: String?

    @Option(
        name: .customLong("firebase-bucket"),
        help: "The Firebase Storage bucket served (IMAGEFEED_FIREBASE_BUCKET; default <project>.appspot.com).")
    var bucket: String?

    @Option(
        name: .customLong("firebase-admin-token"),
        help:
            "Accept `Authorization: Bearer TOKEN` as firebase-admin's admin calls; firebase-admin's emulator mode sends `owner` — use that only on a trusted network (IMAGEFEED_FIREBASE_ADMIN_TOKEN; default: no admin calls)."
    )
    var adminToken: String?

    @Flag(
        name: .customLong("firebase-admin-anywhere"),
        help:
            "Accept the admin token from any address, not only from this machine (IMAGEFEED_FIREBASE_ADMIN_ANYWHERE=1)."
    )
    var adminAnywhere = false

    @Option(
        name: .customLong("firebase-storage-rules"),
        help:
            "A Firebase Storage rules file (IMAGEFEED_FIREBASE_STORAGE_RULES; default: people read and write under <folder>/<their uid>/)."
    )
    var storageRules: String?

    /// The values given on the command line.
    var flags: FirebaseFlags {
        FirebaseFlags(
            project: project, bucket: bucket, adminToken: adminToken, adminAnywhere: adminAnywhere ? true : nil,
            storageRules: storageRules)
    }
}

/// The Firebase settings given on the command line; nil for those not given.
struct FirebaseFlags {
    var project: String?
    var bucket: String?
    var adminToken: String?
    var adminAnywhere: Bool?
    var storageRules: String?

    /// `settings` with the flags applied, else the variables of `reader`, whose problems it adds to.
    func apply(to settings: inout FirebaseSettings, from reader: inout EnvironmentReader) {
        let environment = reader.environment
        func value(_ flag: String?, _ name: String) -> String? {
            flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        settings.projectID = value(project, "IMAGEFEED_FIREBASE_PROJECT") ?? settings.projectID
        settings.bucketName = value(bucket, "IMAGEFEED_FIREBASE_BUCKET") ?? settings.bucketName
        settings.adminToken = value(adminToken, "IMAGEFEED_FIREBASE_ADMIN_TOKEN") ?? settings.adminToken
        settings.adminFromAnywhere =
            adminAnywhere ?? reader.flag("IMAGEFEED_FIREBASE_ADMIN_ANYWHERE") ?? settings.adminFromAnywhere
        settings.storageRulesFile = value(storageRules, "IMAGEFEED_FIREBASE_STORAGE_RULES") ?? settings.storageRulesFile
        if let bytes = reader.size(
            "IMAGEFEED_FIREBASE_MAX_UPLOAD", what: "IMAGEFEED_FIREBASE_MAX_UPLOAD", example: "64MB")
        {
            settings.maxUploadBytes = bytes
        }
    }
}
