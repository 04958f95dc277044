import FeedModels
import Hummingbird

/// `GET /devices` (extension): the screens a wallpaper download can be cut for.
struct DevicesController: Sendable {
    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/devices", use: list)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        JSONResponse.make(Device.catalogue)
    }
}
