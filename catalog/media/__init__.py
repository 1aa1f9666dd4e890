"""Product photos: the checks every uploaded or imported photo passes (`photos`) and
their WebP renditions (`renditions`)."""
