#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H

#include <vips/vips.h>
#include <malloc.h>

/// VIPS_INIT is a macro, which Swift cannot call.
static inline int cvips_init(const char *argv0) {
    return VIPS_INIT(argv0);
}

/// g_object_unref takes a gpointer; a typed wrapper keeps Swift from juggling raw pointers.
static inline void cvips_unref(VipsImage *image) {
    g_object_unref(image);
}

/// g_free releases buffers that libvips allocates for saved images and field lists.
static inline void cvips_free(void *pointer) {
    g_free(pointer);
}

/// vips_image_new_from_source is variadic; a source ignores "[options]" in paths and reads only the header.
static inline VipsImage *cvips_header_from_file(const char *path, const char **loader) {
    *loader = NULL;
    VipsSource *source = vips_source_new_from_file(path);
    if (source == NULL)
        return NULL;
    *loader = vips_foreign_find_load_source(source);
    VipsImage *image = NULL;
    if (*loader != NULL)
        image = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    g_object_unref(source);
    return image;
}

/// vips_image_new_from_buffer is variadic; sequential access makes it read the header only.
static inline VipsImage *cvips_header_from_buffer(const void *data, size_t length) {
    return vips_image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// vips_thumbnail_source is variadic and, unlike vips_thumbnail, takes loader options apart from the path.
/// `rgb` says the input is RGB: only then are the sRGB profiles given (an sRGB import profile cannot be applied
/// to a greyscale or CMYK image, which libvips then converts with its own profiles).
static inline int cvips_thumbnail_file(const char *path, VipsImage **out, int width, int height,
                                       VipsSize size, VipsInteresting crop, int rgb) {
    // Both profiles are given: in 8.14 an export profile alone shifts untagged sRGB (red becomes #f81a10).
    VipsSource *source = vips_source_new_from_file(path);
    if (source == NULL)
        return -1;
    int result = rgb
        ? vips_thumbnail_source(source, out, width, "height", height, "size", size, "crop", crop,
                                "import_profile", "srgb", "export_profile", "srgb",
                                "option_string", "fail_on=truncated", NULL)
        : vips_thumbnail_source(source, out, width, "height", height, "size", size, "crop", crop,
                                "option_string", "fail_on=truncated", NULL);
    g_object_unref(source);
    return result;
}

/// vips_thumbnail_buffer is variadic; this pins the options every rendition uses (sRGB out, strict loader).
static inline int cvips_thumbnail_buffer(void *data, size_t length, VipsImage **out, int width, int height,
                                         VipsSize size, VipsInteresting crop, int rgb) {
    return rgb
        ? vips_thumbnail_buffer(data, length, out, width, "height", height, "size", size, "crop", crop,
                                "import_profile", "srgb", "export_profile", "srgb",
                                "option_string", "fail_on=truncated", NULL)
        : vips_thumbnail_buffer(data, length, out, width, "height", height, "size", size, "crop", crop,
                                "option_string", "fail_on=truncated", NULL);
}

/// vips_thumbnail_image is variadic; it derives smaller renditions from an already decoded sRGB image.
static inline int cvips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height,
                                        VipsSize size, VipsInteresting crop) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", size, "crop", crop, NULL);
}

/// vips_gravity is variadic; it pads an image to an exact box for fit=fill.
static inline int cvips_pad(VipsImage *in, VipsImage **out, int width, int height,
                            const double *background, int bands) {
    VipsArrayDouble *array = vips_array_double_new(background, bands);
    int result = vips_gravity(in, out, VIPS_COMPASS_DIRECTION_CENTRE, width, height,
                              "extend", VIPS_EXTEND_BACKGROUND, "background", array, NULL);
    vips_area_unref(VIPS_AREA(array));
    return result;
}

/// vips_colourspace is variadic; blurhash and dominant colour need plain 8-bit sRGB.
static inline int cvips_to_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

/// vips_flatten is variadic; analysis ignores transparency by flattening onto white.
static inline int cvips_flatten_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    int result = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return result;
}

/// vips_extract_band is variadic; drops alpha or extra bands before analysis.
static inline int cvips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return vips_extract_band(in, out, first, "n", count, NULL);
}

/// vips_cast is variadic; analysis reads 8-bit pixels.
static inline int cvips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

/// A new header without EXIF/XMP/IPTC/ICC fields: 8.14's webpsave writes them even with strip set.
static inline int cvips_copy_without_metadata(VipsImage *in, VipsImage **out) {
    if (vips_copy(in, out, NULL))
        return -1;
    gchar **fields = vips_image_get_fields(*out);
    for (int i = 0; fields[i] != NULL; i++) {
        const char *name = fields[i];
        if (vips_isprefix("exif-", name) || vips_isprefix("xmp-", name) || vips_isprefix("iptc-", name) ||
            vips_isprefix("icc-", name) || vips_isprefix("gps-", name) || strcmp(name, "orientation") == 0)
            vips_image_remove(*out, name);
    }
    g_strfreev(fields);
    return 0;
}

/// vips_jpegsave_buffer is variadic; strip removes EXIF/GPS from renditions.
static inline int cvips_jpegsave(VipsImage *in, void **buffer, size_t *length, int quality, gboolean strip) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", strip,
                                "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

/// vips_jpegsave_buffer is variadic; a mezzanine is read often and rarely sent, so it is baseline (decodes faster
/// than progressive), 4:2:0 even at high quality (the renditions made from it are 4:2:0 anyway), and written in
/// one pass: optimised Huffman tables would hold the whole image's coefficients (~9 MB) for a few % of its size.
static inline int cvips_jpegsave_mezzanine(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE,
                                "subsample_mode", VIPS_FOREIGN_SUBSAMPLE_ON, NULL);
}

/// vips_pngsave_buffer is variadic; quality below 100 turns on palette quantisation.
static inline int cvips_pngsave(VipsImage *in, void **buffer, size_t *length, int quality, gboolean strip) {
    return vips_pngsave_buffer(in, buffer, length, "Q", quality, "palette", quality < 100,
                               "strip", strip, NULL);
}

/// vips_webpsave_buffer is variadic; strip removes EXIF/GPS from renditions.
static inline int cvips_webpsave(VipsImage *in, void **buffer, size_t *length, int quality, gboolean strip) {
    return vips_webpsave_buffer(in, buffer, length, "Q", quality, "strip", strip, NULL);
}

/// vips_heifsave_buffer is variadic; AV1 at low effort, since the default effort takes about a second.
static inline int cvips_avifsave(VipsImage *in, void **buffer, size_t *length, int quality, gboolean strip) {
    return vips_heifsave_buffer(in, buffer, length, "Q", quality, "strip", strip,
                                "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", 2, NULL);
}

/// mallopt is not visible to Swift; glibc's per-thread arenas (one per libvips worker) multiply peak memory, and
/// its mmap threshold grows to the size of the last large buffer freed (9 MB for a decoded mezzanine), after which
/// such buffers come from the arenas and stay in the process. A fixed threshold gives them back on free.
static inline void cvips_limit_malloc_arenas(int arenas) {
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, arenas);
#endif
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
#endif
}

#endif
