/// What a read unit of work vends: the reading side of every repository, by key.
///
/// The one requirement vends any ``ReadableRepositoryKey``'s reading side. The named accessors apps use
/// (`context.infoTable`, `context.tags`, ...) are extensions of this protocol in the repositories' model files, so a
/// repository joins the contexts without editing them. `MMEXReadContext` refines it.
public protocol ReadRepositories {
    /// The reading side of the repository `key` names, working in this unit of work.
    func repository<Key: ReadableRepositoryKey>(_ key: Key.Type) -> Key.Reading
}

/// What a write unit of work vends: every repository with its writing side, by key.
///
/// The write counterpart of ``ReadRepositories`` (a separate protocol, so a read unit of work never reaches a write
/// method); `MMEXWriteContext` refines it.
public protocol WriteRepositories {
    /// The repository `key` names, reads and writes, working in this unit of work.
    func repository<Key: RepositoryKey>(_ key: Key.Type) -> Key.Writing
}
