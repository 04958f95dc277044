import Foundation

/// `page=1&per_page=n`: lists start at the first page; later pages come from `Link`.
func paging(_ perPage: Int) -> [URLQueryItem] {
    [URLQueryItem(name: "page", value: "1"), URLQueryItem(name: "per_page", value: String(perPage))]
}
