import FeedModels
import FeedStore
import Foundation

extension FlickrController {
    /// `flickr.tags.getHotList`: the tags most used on the photos of the last day (or week).
    func hotTags(_ call: Call) async throws -> FlickrRooted<FlickrHotTags> {
        let period = call.parameters["period"] == "week" ? "week" : "day"
        let count = try call.int("count", default: 20, in: 1...200)
        let since = Date().addingTimeInterval(period == "week" ? -7 * 86_400 : -86_400)
        let tags = try await store.hotTags(since: since, limit: count)
        return FlickrRooted(
            FlickrHotTags(
                period: period, count: tags.count, tag: tags.map { .init(score: String($0.count), content: $0.tag) }))
    }

    /// `flickr.tags.getRelated`: the tags found most often with `tag` on the library's photos.
    func relatedTags(_ call: Call) async throws -> FlickrRooted<FlickrRelatedTags> {
        guard let tag = call.parameters["tag"]?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else {
            throw FlickrFailure(1, "Tag not found")
        }
        let related = try await store.relatedTags(to: tag, limit: 20)
        return FlickrRooted(FlickrRelatedTags(source: tag, tag: related.map { FlickrContent($0) }))
    }
}
