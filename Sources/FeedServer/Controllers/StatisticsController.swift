import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Downloads, views and likes per day: of a photo, of a person's photos, and of the whole library. Never cached:
/// views arrive in batches that do not change the library's generation.
struct StatisticsController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.uncached.on(.getPhotoStatistics, use: photo)
        // python-unsplash 1.2.5's `photo.stats` still calls the old path.
        api.uncached.on(ServerOperation.legacyPhotoStatistics, use: photo)
        api.uncached.on(.getUserStatistics, use: user)
        api.uncached.on(.getTotalStatistics, use: total)
        api.uncached.on(.getMonthStatistics, use: month)
    }

    @Sendable func photo(_ request: Request, context: FeedRequestContext) async throws -> PhotoStatistics {
        let days = try QueryParameters(request.uri.query).statisticsWindow()
        guard let (id, statistics) = try await store.statistics(photo: try context.parameters.require("id"), days: days)
        else { throw APIError.notFound("Photo") }
        return Presenter.statistics(statistics, id: id)
    }

    @Sendable func user(_ request: Request, context: FeedRequestContext) async throws -> PhotoStatistics {
        let days = try QueryParameters(request.uri.query).statisticsWindow()
        guard
            let (user, statistics) = try await store.statistics(
                ofUsername: try context.parameters.require("username"), days: days
            )
        else { throw APIError.notFound("User") }
        return Presenter.statistics(statistics, id: user.id, username: user.username)
    }

    @Sendable func total(_ request: Request, context: FeedRequestContext) async throws -> LibraryStatistics {
        let totals = try await store.libraryTotals()
        let window = 30 * 86_400
        return LibraryStatistics(
            photos: totals.photos, downloads: totals.downloads, views: totals.views, likes: totals.likes,
            photographers: totals.photographers, pixels: totals.pixels,
            downloadsPerSecond: totals.recentDownloads / window, viewsPerSecond: totals.recentViews / window,
            developers: totals.developers, applications: totals.applications, requests: totals.requests
        )
    }

    @Sendable func month(_ request: Request, context: FeedRequestContext) async throws -> MonthStatistics {
        let month = try await store.libraryMonth()
        return MonthStatistics(
            downloads: month.downloads, views: month.views, likes: month.likes, newPhotos: month.newPhotos,
            newPhotographers: month.newPhotographers, newPixels: month.newPixels,
            newDevelopers: month.newDevelopers, newApplications: month.newApplications,
            newRequests: month.newRequests
        )
    }
}

extension QueryParameters {
    /// `resolution` (only `days`) and `quantity` (1 to 30 days, default 30): the window of a statistics answer.
    func statisticsWindow() throws(APIError) -> Int {
        if let resolution = self["resolution"], !resolution.isEmpty, resolution != "days" {
            throw .badParameter("resolution must be days; got \"\(resolution)\".")
        }
        guard let raw = self["quantity"], !raw.isEmpty else { return 30 }
        guard let quantity = Int(raw), (1...30).contains(quantity) else {
            throw .badParameter("quantity must be a whole number from 1 to 30; got \"\(raw)\".")
        }
        return quantity
    }
}
