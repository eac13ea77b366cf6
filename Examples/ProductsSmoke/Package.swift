// swift-tools-version:6.0
// A package outside DriverPort that depends on it by path, as a user's app does, and imports its library products
// only (a module that is not a product cannot be named here). Built by the PackageTests suite
// (`.ci/build-products-smoke`); `swift build --package-path Examples/ProductsSmoke` builds it by hand.
import PackageDescription

let package = Package(
    name: "ProductsSmoke",
    dependencies: [.package(name: "DriverPort", path: "../..")],
    targets: [
        .executableTarget(
            name: "ProductsSmoke",
            dependencies: [
                .product(name: "SQLiteEngine", package: "DriverPort"),
                .product(name: "SQLiteCipher", package: "DriverPort"),
                .product(name: "LegacyDriver", package: "DriverPort"),
                .product(name: "ReaderWriterDriver", package: "DriverPort"),
                .product(name: "PersistenceSession", package: "DriverPort"),
                .product(name: "LegacySessions", package: "DriverPort"),
                .product(name: "ReaderWriterSessions", package: "DriverPort"),
                .product(name: "Differential", package: "DriverPort"),
                .product(name: "FileLifecycle", package: "DriverPort"),
                .product(name: "Transcripts", package: "DriverPort"),
                .product(name: "ShadowSessions", package: "DriverPort"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
