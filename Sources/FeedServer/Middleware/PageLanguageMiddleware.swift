import Hummingbird

/// Sets ``FeedRequestContext/text``, the language of the server's own pages: the signed-in person's choice (their
/// account's `language`), else what their browser asks for first (`Accept-Language`), else English. Runs after the
/// session is read.
struct PageLanguageMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    let catalogues: Catalogues

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.text = catalogues.text(
            preference: context.caller.user?.language, acceptLanguage: request.headers[.acceptLanguage])
        return try await next(request, context)
    }
}
