/// The limits Firebase puts on keys and paths (https://firebase.google.com/docs/database/usage/limits).
public enum DatabaseLimits {
    /// Longest key, in UTF-8 bytes.
    public static let maximumKeyBytes = 768
    /// Deepest path, counted in keys from the root (the SDKs' `MAX_PATH_DEPTH`).
    public static let maximumDepth = 32
    /// Longest string value, in UTF-8 bytes (the SDKs' `MAX_LEAF_SIZE_`, 10 MiB).
    public static let maximumStringBytes = 10 * 1024 * 1024
}
