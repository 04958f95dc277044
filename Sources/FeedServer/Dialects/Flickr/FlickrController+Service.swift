import FeedModels
import FeedStore
import Foundation

/// The methods about the API itself: reflection, tests and tokens, and Flickr Commons.
extension FlickrController {
    /// `flickr.reflection.getMethods`: exactly the methods served.
    func methodList(_ call: Call) -> FlickrRooted<FlickrMethodList> {
        FlickrRooted(FlickrMethodList(names: Self.methods.map(\.name)))
    }

    /// `flickr.reflection.getMethodInfo`: a served method's arguments and errors; error 1 for any other.
    func methodInfo(_ call: Call) throws -> FlickrMethodInfo {
        let name = try call.required("method_name")
        guard let method = Self.methodsByName[name] else { throw FlickrFailure(1, "Method not found") }
        return method.info
    }

    /// `flickr.commons.getInstitutions`: the library has no Commons institutions.
    func institutions(_ call: Call) -> FlickrRooted<FlickrInstitutions> {
        FlickrRooted(FlickrInstitutions())
    }

    /// `flickr.test.echo`: every parameter back, as Flickr does.
    func echo(_ call: Call) -> FlickrEcho {
        FlickrEcho(parameters: call.parameters)
    }

    func login(_ call: Call) throws -> FlickrRooted<FlickrUser> {
        let user = try call.signedIn()
        return FlickrRooted(FlickrUser(nsid: FlickrPresenter.nsid(user), username: user.username))
    }

    /// `flickr.auth.oauth.checkToken`: the token the request is signed with, its permission and user.
    func checkToken(_ call: Call) throws -> FlickrRooted<FlickrTokenCheck> {
        let user = try call.signedIn()
        return FlickrRooted(
            FlickrTokenCheck(
                token: call.token ?? "", perms: call.perms ?? "read",
                user: .init(nsid: FlickrPresenter.nsid(user), username: user.username, fullName: user.fullName)))
    }
}
