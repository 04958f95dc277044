import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// The server-rendered pages (sign-in, sign-up, consent, settings): one small layout with system fonts and light
/// and dark themes, no scripts needed, in the language of the request (``FeedRequestContext/text``), right to left
/// where it is written so.
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
    /// app asks for (`asks`, one plain sentence each, in `text`'s language), and Authorise or Deny posted to `action`
    /// with the `hidden` fields.
    static func consent(
        _ text: PageText, app: String, user: UserRecord, asks: [String], action: String, hidden: String
    ) -> Response {
        let signedIn = text.html(
            "page.consent.signedIn", ["user": "<strong>\(text.isolated("@" + user.username))</strong>"])
        let allow = escape(text("page.consent.allow"))
        let deny = escape(text("page.consent.deny"))
        return response(
            text, title: text("page.consent.title", ["app": app]),
            body: """
                <h1>\(text.html("page.consent.heading", ["app": "<strong>\(text.isolated(app))</strong>"]))</h1>
                <p class="muted">\(signedIn)</p>
                <ul class="asks">\(asks.map { "<li>\(escape($0))</li>" }.joined())</ul>
                <form method="post" action="\(action)">\(hidden)
                <div class="actions">
                <button type="submit" name="decision" value="allow">\(allow)</button>
                <button class="secondary" type="submit" name="decision" value="deny">\(deny)</button>
                </div>
                </form>
                """)
    }

    /// A page that says one thing: the catalogue's `title` and `message`, with `values` (names and addresses, which
    /// keep their own direction in the sentence).
    static func message(
        _ text: PageText, _ title: String, _ message: String, _ values: [String: String] = [:],
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let heading = text(title, values)
        return response(
            text, title: heading, status: status,
            body: """
                <h1>\(escape(heading))</h1><p>\(text.html(message, values.mapValues(text.isolated)))</p>
                """)
    }

    /// A page titled `title` (in `text`'s language, as its words are) holding `body`.
    static func response(
        _ text: PageText, title: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], body: String
    ) -> Response {
        let html = """
            <!doctype html>
            <html lang="\(text.code)" dir="\(text.direction)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="theme-color" content="#fafaf9" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#111214" media="(prefers-color-scheme: dark)">
            <title>\(escape(text("app.title", ["screen": title])))</title>
            <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
            <link rel="icon" href="/icon.svg" type="image/svg+xml">
            <style>\(stylesheet)</style></head>
            <body><header><a href="/"><img src="/icon.svg" alt="" width="28" height="28">\(escape(text("app.name")))</a>
            </header>
            <main>
            \(body)
            </main></body></html>
            """
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.contentLanguage] = text.code
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The web app's look (`Web/app.css`: its colours in both themes, its fields and round buttons) for pages that
    /// load no script and no stylesheet of their own: a card on wider screens, the whole width on a phone.
    static let stylesheet = """
        :root{color-scheme:light;--bg:#fafaf9;--surface:#fff;--surface-2:#f0efed;--border:#e4e2df;--text:#18181b;\
        --muted:#5c5c66;--accent:#18181b;--on-accent:#fff;--focus:#2f6fed;--danger:#c22636;\
        --shadow:0 1px 2px rgb(0 0 0/6%),0 8px 24px rgb(0 0 0/6%)}
        @media (prefers-color-scheme:dark){:root{color-scheme:dark;--bg:#111214;--surface:#1a1b1e;--surface-2:#25262a;\
        --border:#2e2f34;--text:#ececee;--muted:#a3a3ad;--accent:#f2f2f3;--on-accent:#111214;--focus:#7aa7ff;\
        --danger:#ff6b78;--shadow:0 1px 2px rgb(0 0 0/40%),0 8px 24px rgb(0 0 0/30%)}}
        *{box-sizing:border-box}
        body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);\
        font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        header{display:flex;align-items:center;height:56px;padding:0 12px;border-bottom:1px solid var(--border)}
        header a{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.1rem;text-decoration:none}
        header img{border-radius:8px}
        main{max-width:27rem;margin:0 auto;padding:2rem 1rem 3rem}
        @media (min-width:600px){main{margin:3rem auto;padding:2rem 2rem 2.25rem;background:var(--surface);\
        border:1px solid var(--border);border-radius:14px;box-shadow:var(--shadow)}}
        h1{font-size:1.6rem;line-height:1.25;letter-spacing:-.01em;margin:0 0 1rem}h2{font-size:1.1rem;margin:2rem 0 .5rem}
        a{color:inherit;text-underline-offset:2px}p{margin:.75rem 0}
        label{display:block;margin:1rem 0 .35rem;font-weight:600;font-size:.95rem}
        input[type=text],input[type=email],input[type=password],input[type=url],textarea{display:block;width:100%;\
        min-height:48px;padding:.7rem .9rem;border:1px solid var(--border);border-radius:12px;background:var(--bg);\
        color:inherit;font:inherit}
        label.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}label.check input{margin-top:.3rem}
        button{display:block;width:100%;min-height:48px;margin-top:1.5rem;padding:.7rem 1.2rem;border:1px solid transparent;\
        border-radius:999px;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;cursor:pointer}
        button.secondary{background:var(--surface-2);color:var(--text);border-color:var(--border)}
        .actions{display:flex;flex-direction:row-reverse;gap:.75rem}.actions button{flex:1}
        :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
        .errors{border:1px solid var(--danger);color:var(--danger);border-radius:12px;padding:.25rem 1rem;margin:1rem 0}
        .errors ul{padding-inline-start:1rem}.muted{color:var(--muted)}.alt{text-align:center;margin-top:1.5rem}
        ul.asks{list-style:none;padding:0;margin:1rem 0}ul.asks li{padding-block:.6rem;padding-inline:1.9rem 0;\
        position:relative;border-top:1px solid var(--border)}
        ul.asks li::before{content:"✓";position:absolute;inset-inline-start:.35rem;font-weight:700}
        ul.plain{list-style:none;padding:0}ul.plain li{padding:.75rem 0;border-bottom:1px solid var(--border)}
        code{word-break:break-all;background:var(--surface-2);padding:.1rem .35rem;border-radius:6px;direction:ltr;\
        unicode-bidi:isolate}
        p.code{font-size:1.5rem;text-align:center;letter-spacing:.05em}
        .row{display:flex;gap:.5rem;align-items:center;justify-content:space-between}.row button{width:auto;margin:0}
        """

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
