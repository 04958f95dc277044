// FeedKit's calls take and return FeedModels' wire models, so an app imports FeedKit alone.
@_exported import FeedModels
