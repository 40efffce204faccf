import ScreenRegistryCLI
import Screens

await ScreenRegistryCLI.main(registry: Catalog.registry)
