/// Download tokens as GCS's metadata keeps them: comma-separated under `firebaseStorageDownloadTokens`.
enum DownloadTokens {
    static let metadataKey = "firebaseStorageDownloadTokens"

    static func parse(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
