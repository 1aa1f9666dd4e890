from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "catalog"
    verbose_name = "Catalog"

    def ready(self):
        # Any committed write to a category or product invalidates the cached public reads
        # (catalog/cache/), whichever process or command made it.
        from django.db.models.signals import post_delete, post_save

        from catalog.cache import catalog_changed
        from catalog.media.renditions import renditions_on_save
        from catalog.models import Category, Product

        post_save.connect(renditions_on_save, sender=Product, dispatch_uid="photo-renditions")
        for model in (Category, Product):
            post_save.connect(catalog_changed, sender=model, dispatch_uid=f"cache-{model.__name__}")
            post_delete.connect(
                catalog_changed, sender=model, dispatch_uid=f"cache-del-{model.__name__}"
            )
