import Foundation
import SQLKit

/// How far a word search goes, so that its cost stays flat however large the library grows.
public enum SearchLimits {
    /// Matches counted and paged through at most — as on Unsplash, whose search totals stop at 10,000. Later pages
    /// are empty.
    public static let maxResults = 10_000
    /// Relevance is scored over the newest this-many matches (a rescoring window, as search engines use): they
    /// come first, best score first; older matches follow, newest first. Tag facets count the same window. With
    /// fewer matches than this, the ranking and the facets are exact. Scoring every match cost 0.3 s for a common
    /// word at a million photos; the window costs a few milliseconds at any size (bm25 is ~12 µs a row).
    public static let rankWindow = 300
}
