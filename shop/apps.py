from django.apps import AppConfig


class ShopConfig(AppConfig):
    name = "shop"
    verbose_name = "ShopSphere"

    def ready(self):
        from django.core.signals import request_started

        from shop.tasks import start_in_process

        # The first request of each web process starts its task worker (TASKS_IN_PROCESS).
        request_started.connect(start_in_process, dispatch_uid="shop-tasks-in-process")
