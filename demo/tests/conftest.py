from catalog.tests.conftest import planner_statistics  # noqa: F401 (the fixture)
