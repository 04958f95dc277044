/// A screen a wallpaper can be cut for (extension: `GET /devices`).
public struct Device: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// `phone`, `tablet` or `display`.
    public var kind: String
    /// Pixel size in the orientation the device is usually held.
    public var width: Int
    public var height: Int

    public init(id: String, name: String, kind: String, width: Int, height: Int) {
        self.id = id
        self.name = name
        self.kind = kind
        self.width = width
        self.height = height
    }
}

extension Device {
    /// The catalogue: current phones, tablets and displays with their native resolutions.
    public static let catalogue: [Device] = [
        phone("iphone-16-pro-max", "iPhone 16 Pro Max", 1320, 2868),
        phone("iphone-16-pro", "iPhone 16 Pro", 1206, 2622),
        phone("iphone-16-plus", "iPhone 16 Plus", 1290, 2796),
        phone("iphone-16", "iPhone 16", 1179, 2556),
        phone("iphone-16e", "iPhone 16e", 1170, 2532),
        phone("iphone-15", "iPhone 15", 1179, 2556),
        phone("iphone-14", "iPhone 14", 1170, 2532),
        phone("iphone-se-3", "iPhone SE (3rd generation)", 750, 1334),
        phone("pixel-9-pro-xl", "Google Pixel 9 Pro XL", 1344, 2992),
        phone("pixel-9-pro", "Google Pixel 9 Pro", 1280, 2856),
        phone("pixel-9", "Google Pixel 9", 1080, 2424),
        phone("pixel-8a", "Google Pixel 8a", 1080, 2400),
        phone("galaxy-s25-ultra", "Samsung Galaxy S25 Ultra", 1440, 3120),
        phone("galaxy-s25-plus", "Samsung Galaxy S25+", 1440, 3120),
        phone("galaxy-s25", "Samsung Galaxy S25", 1080, 2340),
        phone("galaxy-a55", "Samsung Galaxy A55", 1080, 2340),
        phone("galaxy-z-fold-6-cover", "Samsung Galaxy Z Fold6 (cover screen)", 968, 2376),
        phone("galaxy-z-flip-6", "Samsung Galaxy Z Flip6", 1080, 2640),
        phone("oneplus-13", "OnePlus 13", 1440, 3168),
        phone("xiaomi-14", "Xiaomi 14", 1200, 2670),
        phone("xperia-1-vi", "Sony Xperia 1 VI", 1080, 2340),
        phone("fairphone-5", "Fairphone 5", 1224, 2700),
        phone("nothing-phone-2a", "Nothing Phone (2a)", 1084, 2412),
        tablet("ipad-pro-13-m4", "iPad Pro 13-inch (M4)", 2064, 2752),
        tablet("ipad-pro-11-m4", "iPad Pro 11-inch (M4)", 1668, 2420),
        tablet("ipad-air-13-m2", "iPad Air 13-inch (M2)", 2048, 2732),
        tablet("ipad-air-11-m2", "iPad Air 11-inch (M2)", 1640, 2360),
        tablet("ipad-10", "iPad (10th generation)", 1640, 2360),
        tablet("ipad-mini-7", "iPad mini (A17 Pro)", 1488, 2266),
        tablet("galaxy-tab-s10-ultra", "Samsung Galaxy Tab S10 Ultra", 1848, 2960),
        tablet("galaxy-tab-s9", "Samsung Galaxy Tab S9", 1600, 2560),
        tablet("pixel-tablet", "Google Pixel Tablet", 1600, 2560),
        tablet("surface-pro-11", "Microsoft Surface Pro (11th Edition)", 1920, 2880),
        display("hd-1080p", "Full HD monitor (1080p)", 1920, 1080),
        display("qhd-1440p", "QHD monitor (1440p)", 2560, 1440),
        display("uhd-4k", "4K UHD monitor", 3840, 2160),
        display("5k", "5K display (Studio Display)", 5120, 2880),
        display("6k", "6K display (Pro Display XDR)", 6016, 3384),
        display("macbook-air-13", "MacBook Air 13-inch (M3)", 2560, 1664),
        display("macbook-air-15", "MacBook Air 15-inch (M3)", 2880, 1864),
        display("macbook-pro-14", "MacBook Pro 14-inch", 3024, 1964),
        display("macbook-pro-16", "MacBook Pro 16-inch", 3456, 2234),
        display("imac-24", "iMac 24-inch", 4480, 2520),
        display("ultrawide-uwqhd", "Ultrawide monitor (3440×1440)", 3440, 1440),
        display("ultrawide-wuhd", "Ultrawide monitor (5120×2160)", 5120, 2160),
        display("super-ultrawide-dqhd", "Super ultrawide monitor (5120×1440)", 5120, 1440),
        display("portrait-1080p", "Portrait monitor (1080×1920)", 1080, 1920),
        display("portrait-1440p", "Portrait monitor (1440×2560)", 1440, 2560),
        display("portrait-4k", "Portrait monitor (2160×3840)", 2160, 3840),
    ]

    /// A device by id.
    public static func named(_ id: String) -> Device? {
        catalogue.first { $0.id == id }
    }

    private static func phone(_ id: String, _ name: String, _ width: Int, _ height: Int) -> Device {
        Device(id: id, name: name, kind: "phone", width: width, height: height)
    }

    private static func tablet(_ id: String, _ name: String, _ width: Int, _ height: Int) -> Device {
        Device(id: id, name: name, kind: "tablet", width: width, height: height)
    }

    private static func display(_ id: String, _ name: String, _ width: Int, _ height: Int) -> Device {
        Device(id: id, name: name, kind: "display", width: width, height: height)
    }
}
