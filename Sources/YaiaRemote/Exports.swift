// The HTTP values in YaiaRemote's API (`HTTPMethod`, `HTTPHeaders`, `HTTPStatus`) come with it:
// `import YaiaRemote` is enough.
@_exported import YaiaHTTP
