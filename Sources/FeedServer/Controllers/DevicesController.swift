import FeedModels
import Hummingbird

/// `GET /devices` (extension): the screens a wallpaper download can be cut for.
struct DevicesController: Sendable {
    func addRoutes(to api: APIRoutes) {
        api.cachedReads.on(.listDevices, use: list)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> [Device] {
        Device.catalogue
    }
}
