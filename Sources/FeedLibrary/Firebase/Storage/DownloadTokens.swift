/// Download tokens as GCS's metadata keeps them: comma-separated under `firebaseStorageDownloadTokens`.
public enum DownloadTokens {
    public static let metadataKey = "firebaseStorageDownloadTokens"

    public static func parse(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
