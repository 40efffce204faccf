import ScreenRegistry
import ScreenService

/// A product of the sample shop.
struct Product: Sendable {
    var id: String
    var name: String
    var price: String

    static let all = [
        Product(id: "p1", name: "Espresso machine", price: "€249"),
        Product(id: "p2", name: "Grinder", price: "€129"),
        Product(id: "p3", name: "Milk jug", price: "€19"),
    ]
}

/// `products`: the shop's front page.
struct ProductsScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen {
        Screen(title: "Products") {
            for product in Product.all {
                Touchable(action: .navigate(to: link("products", product.id))) {
                    Image(url: "https://images.example.com/products/\(product.id).png", mode: .fitCenter)
                    Text("\(product.name) · \(product.price)")
                }
            }
            Button("Checkout", action: .navigate(to: link("payment")))
        }
    }
}

/// `products/:productId`: one product; unknown ids still show a page.
struct ProductScreen: DeeplinkScreen {
    let productId: String

    init(path: String, data: [String: String]) throws {
        productId = try data.required("productId", path: path)
    }

    func screen() async throws -> Screen {
        let product = Product.all.first { $0.id == productId }
        return Screen(title: product?.name ?? "Product \(productId)", showBackButton: true) {
            if let product {
                Image(url: "https://images.example.com/products/\(product.id).png", mode: .fitCenter)
                Text(product.price, alignment: .right)
                Button("Buy", action: .navigate(to: link("payment") + "?product=" + product.id))
            } else {
                Text("This product is no longer available.")
            }
            Button("All products", action: .navigate(to: link("products")))
        }
    }
}

/// `payment`: pays for the product named by `?product=`, if any.
struct PaymentScreen: DeeplinkScreen {
    let productId: String?

    init(path: String, data: [String: String]) {
        productId = data["product"]
    }

    func screen() async throws -> Screen {
        Screen(title: "Payment") {
            if let productId {
                Text("Paying for \(productId)")
            }
            TextInput(placeholder: "Card number", type: .number)
            Button("Pay", action: .alert(title: "Payment", message: "Thank you for your order."))
            Button("Continue shopping", action: .navigate(to: link("products")))
        }
    }
}

/// Built from the fixed product list alone.
extension ProductsScreen: CacheableScreen {
    static let cacheLifetime: Duration = .seconds(60)
}

/// Built from the path and the fixed product list alone.
extension ProductScreen: CacheableScreen {
    static let cacheLifetime: Duration = .seconds(60)
}
