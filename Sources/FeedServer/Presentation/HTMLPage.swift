import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// The server-rendered pages (sign-in, sign-up, consent, settings): one small layout with system fonts and light
/// and dark themes, no scripts needed.
enum HTMLPage {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The consent page of both sign-ins (OAuth 2, and Flickr's OAuth 1.0a): which app, who is signed in, what the
    /// app asks (`asks`, HTML that closes the paragraph it starts in), and Authorise or Deny posted to `action`
    /// with the `hidden` fields.
    static func consent(app: String, user: UserRecord, asks: String, action: String, hidden: String) -> Response {
        response(title: "Authorise \(app)", body: """
            <h1>Authorise <strong>\(escape(app))</strong>?</h1>
            <p>Signed in as <strong>@\(escape(user.username))</strong>. \(asks)
            <form method="post" action="\(action)">\(hidden)
            <button type="submit" name="decision" value="allow">Authorise</button>
            <button class="secondary" type="submit" name="decision" value="deny">Deny</button>
            </form>
            """)
    }

    static func response(title: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], body: String)
        -> Response
    {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(escape(title)) · ImageFeed</title>
            <style>
            :root{--bg:#fff;--fg:#111;--muted:#666;--line:#ddd;--accent:#111;--accent-fg:#fff;--error:#b00020}
            @media (prefers-color-scheme:dark){:root{--bg:#111;--fg:#eee;--muted:#aaa;--line:#333;--accent:#eee;--accent-fg:#111;--error:#ff6b81}}
            *{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
            main{max-width:28rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;margin:0 0 1rem}
            .logo{font-weight:700;letter-spacing:-.02em;font-size:1.1rem;margin-bottom:1.5rem;display:block;color:inherit;text-decoration:none}
            label{display:block;margin:.75rem 0 .25rem;font-weight:600}input[type=text],input[type=email],input[type=password],input[type=url],textarea{width:100%;padding:.6rem;border:1px solid var(--line);border-radius:.5rem;background:transparent;color:inherit;font:inherit}
            button{margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);font:inherit;font-weight:600;cursor:pointer}
            button.secondary{background:transparent;color:var(--fg);border:1px solid var(--line)}
            :focus-visible{outline:3px solid #4c8dff;outline-offset:2px}
            .errors{border:1px solid var(--error);color:var(--error);border-radius:.5rem;padding:.5rem 1rem}.muted{color:var(--muted)}
            ul.plain{list-style:none;padding:0}ul.plain li{padding:.5rem 0;border-bottom:1px solid var(--line)}
            code{word-break:break-all;background:rgba(127,127,127,.15);padding:.1rem .3rem;border-radius:.25rem}
            .row{display:flex;gap:.5rem;align-items:center;justify-content:space-between}
            </style></head>
            <body><main><a class="logo" href="/">ImageFeed</a>
            \(body)
            </main></body></html>
            """
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static func errors(_ messages: [String]) -> String {
        guard !messages.isEmpty else { return "" }
        return "<div class=\"errors\" role=\"alert\"><ul>"
            + messages.map { "<li>\(escape($0))</li>" }.joined() + "</ul></div>"
    }

    static func hidden(_ name: String, _ value: String?) -> String {
        guard let value else { return "" }
        return "<input type=\"hidden\" name=\"\(escape(name))\" value=\"\(escape(value))\">"
    }

    static func redirect(to location: String, status: HTTPResponse.Status = .seeOther) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: "no-store"])
    }
}
