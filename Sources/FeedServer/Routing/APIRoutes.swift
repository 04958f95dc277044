import FeedModels
import HTTPTypes
import Hummingbird

/// The API's two groups: reads answered from the response cache, and everything else.
struct APIRoutes {
    /// Reads whose answer depends only on the URL, the origin, the viewer and the library (cached).
    let cachedReads: RouteGroup
    /// Cached reads of one photo opened in full, each answer counted as a view.
    let countedReads: RouteGroup
    /// Writes, and reads with a side effect or a personal answer (`/photos/random`, downloads, `/me`).
    let uncached: RouteGroup
}
