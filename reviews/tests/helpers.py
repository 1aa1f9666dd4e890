"""The calls of the reviews tests."""


def review_body(rating=5, title="Bright and steady", body="Lights the whole desk.", **extra):
    return {"rating": rating, "title": title, "body": body, **extra}


def post_review(api, product, **fields):
    return api.post(f"/api/v1/product/{product.slug}/reviews", review_body(**fields))


def reviews_of(api, product, **query):
    return api.get(f"/api/v1/product/{product.slug}/reviews", query)
