internal import CVips
import Foundation

extension Imaging {
    /// Checks the file size, then the format and header of a file.
    func withOriginal<Result>(
        file path: String, _ body: (CheckedOriginal) throws(ImagingError) -> Result
    ) throws(ImagingError) -> Result {
        try Self.start()
        let byteCount = try Self.fileSize(path)
        try checkBytes(byteCount)
        return try body(checkHeader(.file(path), byteCount: byteCount))
    }

    /// Checks the buffer size, then the format and header of the bytes, lending them to `body`.
    func withOriginal<Result>(
        data: [UInt8], _ body: (CheckedOriginal) throws(ImagingError) -> Result
    ) throws(ImagingError) -> Result {
        try Self.start()
        try checkBytes(data.count)
        guard !data.isEmpty else { throw .notAnImage }
        let outcome = data.withUnsafeBytes { bytes -> Swift.Result<Result, ImagingError> in
            do throws(ImagingError) {
                return .success(try body(checkHeader(.buffer(bytes), byteCount: data.count)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private func checkBytes(_ byteCount: Int) throws(ImagingError) {
        guard byteCount <= limits.maxBytes else {
            throw .tooLarge(bytes: byteCount, limit: limits.maxBytes)
        }
    }

    /// Finds the loader (refusing any we do not accept), reads only the header, checks the pixel count.
    private func checkHeader(_ input: ImageInput, byteCount: Int) throws(ImagingError) -> CheckedOriginal {
        var loader: UnsafePointer<CChar>?
        let header: UnsafeMutablePointer<VipsImage>?
        switch input {
        case .file(let path):
            header = cvips_header_from_file(path, &loader)
        case .buffer(let bytes):
            loader = vips_foreign_find_load_buffer(bytes.baseAddress, bytes.count)
            header = loader == nil ? nil : cvips_header_from_buffer(bytes.baseAddress, bytes.count)
        }
        guard let loader, ImageFormat(loaderName: String(cString: loader), heifCompression: nil) != nil else {
            vips_error_clear()
            throw .notAnImage
        }
        guard let header else { throw .damaged(in: "vips_image_new_from_header") }
        let image = VipsImageHandle(owning: header)
        guard
            let format = ImageFormat(
                loaderName: String(cString: loader), heifCompression: image.string("heif-compression"))
        else { throw .notAnImage }
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard !overflow, pixels <= limits.maxPixels else {
            throw .tooManyPixels(width: image.width, height: image.height, limit: limits.maxPixels)
        }
        return CheckedOriginal(input: input, format: format, header: image, byteCount: byteCount)
    }

    /// The size of the regular file at `path`. A plain `stat`: Foundation's attributes also look up the owner's
    /// name, which opens /etc/passwd and /etc/group on every rendition.
    private static func fileSize(_ path: String) throws(ImagingError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .vips(call: "open", message: "Cannot read \(path): no such file or not readable.")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAnImage }
        return Int(status.st_size)
    }
}

extension Imaging {
    /// Reads format, size after orientation, EXIF, GPS and keywords of a file without decoding pixels.
    public func probe(file path: String) throws(ImagingError) -> ImageProbe {
        try withOriginal(file: path) { original throws(ImagingError) in original.probe }
    }

    /// Reads format, size after orientation, EXIF, GPS and keywords of bytes without decoding pixels.
    public func probe(data: [UInt8]) throws(ImagingError) -> ImageProbe {
        try withOriginal(data: data) { original throws(ImagingError) in original.probe }
    }
}
